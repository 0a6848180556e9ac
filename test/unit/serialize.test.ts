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
  t.notThrows(() => serializeProps({ a: [1, 'b', null, { c: true }] }));
});
