import test from 'ava';
import { serializeProps } from '../../src/render/serialize';

test('island props cannot close the script element or break JavaScript', (t) => {
  const out = serializeProps({ text: '</script><script>alert(1)</script>&\u2028\u2029' });
  t.false(out.includes('<'));
  t.false(out.includes('>'));
  t.false(out.includes('&'));
  t.false(out.includes('\u2028'));
  t.deepEqual(JSON.parse(out), { text: '</script><script>alert(1)</script>&\u2028\u2029' });
});

test('functions, dates and class instances are refused', (t) => {
  t.throws(() => serializeProps({ onClick: () => undefined }), { message: /props.onClick is a function/ });
  t.throws(() => serializeProps({ when: new Date() }), { message: /props.when is a Date/ });
  t.throws(() => serializeProps({ list: [new Map()] }), { message: /props.list\[0\] is a Map/ });
  t.throws(() => serializeProps({ a: { b: [1, Number.NaN] } }), { message: /props.a.b\[1\] is not a finite number/ });
  t.throws(() => serializeProps({ a: [{ big: 1n }] }), { message: /props.a\[0\].big is a bigint/ });
  t.throws(() => serializeProps(Object.assign(Object.create(null), { ok: 1, at: new Set() })), {
    message: /props.at is a Set/,
  });
  t.notThrows(() => serializeProps({ a: [1, 'b', null, { c: true, d: undefined }] }));
  t.notThrows(() => serializeProps(Object.assign(Object.create(null), { ok: [1] })));
});
