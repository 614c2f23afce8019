/** Where an ad's link value leads (spec part 2 §2.2). `tea` is out of scope: no link (DECISIONS). */
export type AdTarget =
  { kind: 'route'; path: string } | { kind: 'external'; url: string } | { kind: 'mail' } | { kind: 'none' };

export function adTarget(link: string, level: string): AdTarget {
  switch (link) {
    case 'share':
      return { kind: 'route', path: '/member/share' };
    case 'vip':
      return { kind: 'route', path: '/member/payment?source=ad' };
    case 'newvip':
      return { kind: 'route', path: `/member/paymentSale/${level}?source=ad` };
    case 'email':
      return { kind: 'mail' };
    case '':
    case 'false':
    case 'tea':
      return { kind: 'none' };
    default:
      return /^https?:\/\//.test(link) ? { kind: 'external', url: link } : { kind: 'none' };
  }
}
