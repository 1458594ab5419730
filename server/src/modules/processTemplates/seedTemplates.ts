import type { TemplateBody, TemplateItemBody } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { indicators, processTemplates, processTemplateVersions } from '../../db/schema/index.js'
import { freezeSteps } from './service.js'

/**
 * The two vehicle types every installation starts with (spec 000 §4: 常压车辆, 承压车辆), with the steps
 * and check items of ../shared/domain/inspection.md (TSG R0005, TSG R7001, GB 18564). Seeded once;
 * after that they belong to headquarters' editors.
 */

type Item = TemplateItemBody
const pf = (name: string): Item => ({ name, kind: 'pass_fail', required: true })
const num = (name: string, unit: string | null, min: number | null = null, max: number | null = null, required = true): Item =>
  ({ name, kind: 'number', unit, min, max, required })
const txt = (name: string, required = false): Item => ({ name, kind: 'text', required })
const photo = (name: string, required = true): Item => ({ name, kind: 'photo', required })
const choice = (name: string, options: string[]): Item => ({ name, kind: 'choice', options, required: true })
const step = (name: string, ...items: Item[]) => ({ name, items })

export const SEED_TEMPLATES: TemplateBody[] = [
  {
    name: '常压车辆',
    remarks: '常压液体危险货物罐车（GB 18564.1、TSG R0005 参照）',
    steps: [
      step('资料核对', pf('车牌号与车架号一致'), pf('公告、介质、容积一致'), num('罐体容积', 'm³', 0, 100), photo('铭牌照片')),
      step('外观检查', pf('色带及标志'), pf('焊缝及母材'), pf('人孔密封'), pf('底盘连接'), num('凹陷深度', 'mm', 0, 10), photo('外观照片')),
      step('尺寸与壁厚', num('罐体长度', 'mm', 0), num('罐体宽度', 'mm', 0), num('罐体高度', 'mm', 0), num('最小壁厚', 'mm', 0), num('测点数', '个', 1)),
      step('附件检查', pf('紧急切断装置'), num('呼吸阀出气开启压力', 'kPa', 6, 8), num('呼吸阀进气开启压力', 'kPa', -3, -2),
        num('导静电电阻', 'Ω', 0, 10), num('灭火器数量', '具', 2), pf('阀门及软管')),
      step('无损检测', txt('检测方法', true), pf('检测结果'), txt('缺陷描述')),
      step('试验', num('气密试验压力', 'MPa', 0), num('保压时间', 'min', 0), pf('无泄漏'), pf('盛水试漏'), pf('软管耐压')),
      step('检验结论', choice('检验结论', ['允许使用', '停止使用']), txt('结论依据'), txt('下次检验日期')),
    ],
  },
  {
    name: '承压车辆',
    remarks: '移动式压力容器（罐车）定期检验（TSG R0005、TSG R7001 参照）',
    steps: [
      step('资料审查', pf('使用登记证'), txt('充装介质', true), num('设计压力', 'MPa', 0), photo('铭牌照片')),
      step('宏观检查', pf('漆色及标志'), pf('无裂纹、变形、鼓包'), pf('无明显腐蚀'), pf('底盘连接'), num('导静电电阻', 'Ω', 0, 10), photo('外观照片')),
      step('壁厚测定', num('测点数', '个', 1), num('筒体最小壁厚', 'mm', 0), num('封头最小壁厚', 'mm', 0), txt('测厚仪型号')),
      step('无损检测', txt('检测方法', true), num('检测比例', '%', 0, 100), pf('无超标缺陷'), txt('缺陷描述'), photo('布片图', false)),
      step('安全附件', num('安全阀整定压力', 'MPa', 0), pf('安全阀校验有效'), num('紧急切断关闭时间', 's', 0, 10), pf('压力表、液位计、温度计')),
      step('耐压试验', num('试验压力', 'MPa', 0), num('保压时间', 'min', 30), pf('无渗漏、变形、异响'), photo('试验照片')),
      step('气密性试验', num('试验压力', 'MPa', 0), num('保压时间', 'min', 0), pf('无泄漏'), num('试验温度', '℃', -40, 80)),
      step('检验结论', num('安全状况等级', '级', 1, 5), num('允许使用压力', 'MPa', 0), txt('备注')),
    ],
  },
]

/** The templates and, from their items, the indicator library; only into empty tables (safe at every start). */
export async function seedInspectionTemplates(tx: Executor) {
  const [anyTemplate] = await tx.select({ id: processTemplates.id }).from(processTemplates).limit(1)
  if (!anyTemplate) {
    for (const t of SEED_TEMPLATES) {
      const [row] = await tx.insert(processTemplates).values({ name: t.name, isOut: false, remarks: t.remarks ?? null }).returning({ id: processTemplates.id })
      const [v] = await tx.insert(processTemplateVersions).values({ templateId: row!.id, version: 1, name: t.name, steps: freezeSteps(t.steps) })
        .returning({ id: processTemplateVersions.id })
      await tx.update(processTemplates).set({ currentVersionId: v!.id }).where(eq(processTemplates.id, row!.id))
    }
  }
  const [anyIndicator] = await tx.select({ id: indicators.id }).from(indicators).limit(1)
  if (!anyIndicator) {
    const byName = new Map<string, Item>()
    for (const item of SEED_TEMPLATES.flatMap((t) => t.steps.flatMap((s) => s.items))) if (!byName.has(item.name)) byName.set(item.name, item)
    await tx.insert(indicators).values([...byName.values()].map((i) => ({
      name: i.name, kind: i.kind, unit: i.unit ?? null, min: i.min ?? null, max: i.max ?? null, options: i.options ?? [], required: i.required ?? true,
    })))
  }
}
