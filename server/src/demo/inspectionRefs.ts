import { and, eq } from 'drizzle-orm'
import { saveTemplate } from '../modules/processTemplates/index.js'
import { saveStationGroup } from '../modules/stationGroups/index.js'
import type { Auth } from '../platform/access.js'
import type { Db } from '../db/client.js'
import { processTemplates, stationGroups } from '../db/schema/index.js'

/**
 * Demo inspection reference data: station groups with their stations for every demo base (the first
 * two under 罐车一中心 / 罐车二中心, a third line under 罐车三中心 for larger bases) and one non-process
 * template. Made through the services as headquarters; each item only when its name is missing.
 */

export interface DemoInspectionRefsAdded { stationGroups: number; outTemplates: number }

const LINES = [
  { name: '一号检测线', center: '罐车一中心', stations: ['资料审查工位', '外观检查工位', '壁厚测定工位', '无损检测工位'] },
  { name: '二号检测线', center: '罐车二中心', stations: ['安全附件工位', '耐压试验工位', '气密试验工位'] },
  { name: '三号检测线', center: '罐车三中心', stations: ['综合工位', '复检工位'] },
] as const

const OUT_TEMPLATE = {
  name: '罐体外观快检',
  remarks: '不走检验流程的外观快速检查（如进场抽查）',
  steps: [
    { name: '外观', items: [
      { name: '罐体标志清晰', kind: 'pass_fail' as const, required: true },
      { name: '无明显凹陷', kind: 'pass_fail' as const, required: true },
      { name: '现场照片', kind: 'photo' as const, required: false },
    ] },
    { name: '结论', items: [{ name: '快检结论', kind: 'choice' as const, options: ['正常', '需全面检验'], required: true }] },
  ],
}

export async function addDemoInspectionRefs(db: Db, hq: Auth, bases: { companyId: number; index: number }[]): Promise<DemoInspectionRefsAdded> {
  const added: DemoInspectionRefsAdded = { stationGroups: 0, outTemplates: 0 }
  for (const base of bases) {
    for (const line of LINES.slice(0, base.index <= 2 ? 3 : 2)) {
      const [exists] = await db.select({ id: stationGroups.id }).from(stationGroups)
        .where(and(eq(stationGroups.companyId, base.companyId), eq(stationGroups.name, line.name)))
      if (exists) continue
      await saveStationGroup(db, hq, { companyId: base.companyId, name: line.name, center: line.center, stations: line.stations.map((name) => ({ name })) })
      added.stationGroups++
    }
  }
  const [out] = await db.select({ id: processTemplates.id }).from(processTemplates).where(and(eq(processTemplates.name, OUT_TEMPLATE.name), eq(processTemplates.isOut, true)))
  if (!out) {
    await saveTemplate(db, hq, { isOut: true }, OUT_TEMPLATE)
    added.outTemplates++
  }
  return added
}
