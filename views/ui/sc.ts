/**
 * Every styled component gets a fixed id: `styled.div.withConfig(sc("MyCard"))`.
 * Without it styled-components numbers components in creation order, which differs between the server
 * (all modules) and a code-split island bundle, so class names would not match at hydration.
 * test/unit/styled-ids.test.ts checks that ids are unique.
 */
export function sc(id: string): { displayName: string; componentId: string } {
  return { displayName: id, componentId: `t-${id}` };
}
