/** A valid vehicle registration (/report/saveFirst), with what a test changes. */
export const registration = (over: Record<string, unknown> = {}) => ({
  licenseNumber: '苏A12345', tankerType: '常压车辆', org: '南京危运物流有限公司', contactName: '王师傅', phone: '13912345678',
  latestMaterial: '柴油', outdate: '2027-12-31', ...over,
})
