// "1 lease", "2,400 leases": a count with its noun, the number in the locale's digits.
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}
