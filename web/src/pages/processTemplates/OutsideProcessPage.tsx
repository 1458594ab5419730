/** 非流程模板 (menu component key 'indicator_out'): templates of the inspections that do not go through the process (isOut). */
import TemplateListPage from './TemplateListPage'

export default function OutsideProcessTemplatesPage() {
  return <TemplateListPage isOut />
}
