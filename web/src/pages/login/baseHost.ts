/**
 * The sub-domain a base's own login page is opened on: the host name's first label (jia.example.com
 * -> jia). An address (IPv4 or IPv6) or a one-label name (localhost) names no base.
 */
export function baseLabelOf(hostname: string): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '')
  if (!host || host.includes(':') || host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null
  const labels = host.split('.')
  return labels.length >= 2 && labels[0] ? labels[0] : null
}
