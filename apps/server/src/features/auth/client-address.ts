import { isIP } from 'node:net';

/** Expands an IPv6 address (`::` and an embedded IPv4 tail included) to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The address a throttle counts a client by: an IPv4 address as it is (also when it arrives IPv4-mapped,
 * `::ffff:a.b.c.d`), an IPv6 address by its /64 prefix — one subscriber gets a whole /64 and may use any
 * address in it, so counting single IPv6 addresses would let him change address at every try.
 */
export function throttleAddress(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
