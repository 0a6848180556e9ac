"""An independent eddsa-rdfc-2022 check of a Turnout credential (docs/decisions/verifiable-credentials.md).

Shares no code with the issuing libraries: pyld (URDNA2015), PyNaCl (Ed25519) and base58 from Debian. It reads
the issuer's did:web document from the server, the JSON-LD contexts only from local files, and prints "valid"
(exit 0) or "invalid: why" (exit 1).
Usage: verify_credential.py CREDENTIAL.json CONTEXTS.json (a map of context URL to local file) [--http]
"""
import hashlib, json, sys, urllib.parse, urllib.request
import base58, nacl.exceptions, nacl.signing
from pyld import jsonld

credential, contexts = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
scheme = 'http' if '--http' in sys.argv else 'https'

def loader(url, options=None):
    if url not in contexts:
        raise ValueError('refused to fetch ' + url)
    return {'contextUrl': None, 'documentUrl': url, 'document': json.load(open(contexts[url]))}

def canon(document):
    return jsonld.normalize(document, {'algorithm': 'URDNA2015', 'format': 'application/n-quads', 'documentLoader': loader})

def did_web_document(did):
    parts = [urllib.parse.unquote(part) for part in did.split(':')[2:]]
    path = '/'.join(parts[1:]) + '/did.json' if len(parts) > 1 else '.well-known/did.json'
    return json.load(urllib.request.urlopen(f'{scheme}://{parts[0]}/{path}'))

def main():
    proof = dict(credential.pop('proof'))
    proof_value = proof.pop('proofValue')
    if proof.get('type') != 'DataIntegrityProof' or proof.get('cryptosuite') != 'eddsa-rdfc-2022':
        return 'not an eddsa-rdfc-2022 Data Integrity proof'
    issuer = credential['issuer']['id'] if isinstance(credential['issuer'], dict) else credential['issuer']
    method_id = proof['verificationMethod']
    if not method_id.startswith(issuer + '#') or proof.get('proofPurpose') != 'assertionMethod':
        return 'the proof is not by the issuer for assertions'
    did_document = did_web_document(issuer)
    methods = [m for m in did_document['verificationMethod'] if m['id'] == method_id]
    if not methods or method_id not in did_document['assertionMethod']:
        return 'the key is not published in the issuer\'s DID document'
    key = base58.b58decode(methods[0]['publicKeyMultibase'][1:])
    if key[:2] != b'\xed\x01':
        return 'not an Ed25519 multikey'
    config = dict(proof, **{'@context': credential['@context']})
    data = hashlib.sha256(canon(config).encode()).digest() + hashlib.sha256(canon(credential).encode()).digest()
    try:
        nacl.signing.VerifyKey(key[2:]).verify(data, base58.b58decode(proof_value[1:]))
    except nacl.exceptions.BadSignatureError:
        return 'the signature does not match'
    return None

problem = main()
print('invalid: ' + problem if problem else 'valid')
sys.exit(1 if problem else 0)
