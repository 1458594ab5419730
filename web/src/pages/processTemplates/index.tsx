/** 车辆类型 (menu component key 'model'): the process templates, one per vehicle type (常压车辆, 承压车辆 …). */
import TemplateListPage from './TemplateListPage'

export default function ProcessTemplatesPage() {
  return <TemplateListPage isOut={false} />
}
