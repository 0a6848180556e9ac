"""An independent check of a Turnout membership card's token (docs/decisions/wallet-card.md).

Shares no code with the issuer: jwcrypto (JWS, EdDSA), zlib, base58 from Debian, and zbarimg (zbar-tools) to read
the card's QR image. It reads the issuer's did:web document from the server and prints "valid" and the card's
facts as JSON (exit 0), or "invalid: why" (exit 1).
Usage: verify_card_token.py (TOKEN | --qr CARD.png) [--http]
"""
import base64, json, subprocess, sys, urllib.parse, urllib.request, zlib
import base58
from jwcrypto import jwk, jws

scheme = 'http' if '--http' in sys.argv else 'https'
args = [arg for arg in sys.argv[1:] if arg != '--http']

def did_web_document(did):
    parts = [urllib.parse.unquote(part) for part in did.split(':')[2:]]
    path = '/'.join(parts[1:]) + '/did.json' if len(parts) > 1 else '.well-known/did.json'
    return json.load(urllib.request.urlopen(f'{scheme}://{parts[0]}/{path}'))

def read_token():
    if args[0] != '--qr':
        return args[0]
    found = subprocess.run(['zbarimg', '--quiet', '--raw', args[1]], capture_output=True, text=True)
    if found.returncode != 0:
        raise SystemExit('invalid: no QR code in ' + args[1])
    return found.stdout.strip()

def main():
    token = jws.JWS()
    try:
        token.deserialize(read_token())
    except Exception as error:
        return 'not a compact JWS (%s)' % error, None
    header = token.jose_header
    if header.get('alg') != 'EdDSA' or header.get('typ') != 'vc+jwt' or header.get('zip') != 'DEF':
        return 'not an EdDSA vc+jwt token with a DEFLATE payload', None
    kid = header.get('kid', '')
    did = kid.split('#')[0]
    did_document = did_web_document(did)
    methods = [m for m in did_document['verificationMethod'] if m['id'] == kid]
    if not methods or kid not in did_document['assertionMethod']:
        return 'the key is not published in the issuer\'s DID document', None
    raw = base58.b58decode(methods[0]['publicKeyMultibase'][1:])
    if raw[:2] != b'\xed\x01':
        return 'not an Ed25519 multikey', None
    x = base64.urlsafe_b64encode(raw[2:]).rstrip(b'=').decode()
    try:
        token.verify(jwk.JWK(kty='OKP', crv='Ed25519', x=x), alg='EdDSA')
    except jws.InvalidJWSSignature:
        return 'the signature does not match', None
    credential = json.loads(zlib.decompress(token.payload, -15))
    if credential.get('issuer') != did:
        return 'the credential names another issuer than the key', None
    if credential.get('@context', [None])[0] != 'https://www.w3.org/ns/credentials/v2':
        return 'not a VC 2.0 credential', None
    return None, credential

problem, credential = main()
if problem:
    print('invalid: ' + problem)
    sys.exit(1)
subject = credential['credentialSubject']
print('valid ' + json.dumps({'name': subject['name'], 'role': subject['role'], 'department': subject['department'],
                             'validUntil': credential['validUntil'], 'status': credential['credentialStatus']}))
