import { activities, machines, measurements, measurementStatDay, measurementStatGroupDay, testeeGroups, testees } from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/** Company B's activity, department, member, device and one reading of the member on it. */
export async function healthRows(env: TestEnv, b: OtherCompany) {
  const [activity] = await env.db.insert(activities).values({
    companyId: b.companyId, title: `${MARKER}活动`, place: MARKER, organizer: MARKER, content: MARKER, pictureId: b.id('picture'),
    startTime: new Date('2024-03-01T00:00:00Z'), endTime: new Date('2024-03-02T00:00:00Z'), createId: b.id('admin'),
  }).returning()
  const [group] = await env.db.insert(testeeGroups).values({ companyId: b.companyId, name: `${MARKER}部门` }).returning()
  const [member] = await env.db.insert(testees).values({
    companyId: b.companyId, groupId: group!.id, name: `${MARKER}会员`, sex: '男', nation: '汉族', idNo: '110105199003071239',
    phone: '13900000008', workUnit: MARKER, job: MARKER, workUnitAndJob: MARKER, remarks: MARKER,
  }).returning()
  const [machine] = await env.db.insert(machines).values({ companyId: b.companyId, type: `${MARKER}血压计`, deviceNo: 'ZX9-DEVICE', secretHash: '0'.repeat(64), townCode: '110101001' }).returning()
  await env.db.insert(measurements).values({
    companyId: b.companyId, machineId: machine!.id, testeeId: member!.id, measuredTime: new Date('2024-03-01T02:00:00Z'),
    systolic: 150, diastolic: 95, bpConclusion: '高血压1级',
  })
  // the reading in the statistics' roll-ups, as the ingest keeps them: in the town A's examples ask about
  await env.db.insert(measurementStatDay).values({
    day: '2024-03-01', machineId: machine!.id, companyId: b.companyId, province: MARKER.slice(0, 20), townCode: '110101001', total: 1, abnormal: 1, bp2: 1,
  })
  await env.db.insert(measurementStatGroupDay).values({ day: '2024-03-01', companyId: b.companyId, groupId: group!.id, total: 1, abnormal: 1 })
  Object.assign(b.ids, { activity: activity!.id, testeeGroup: group!.id, testee: member!.id, machine: machine!.id })
}
