/** 非流程模板 (menu component key 'indicator_out'): templates of the inspections that do not go through the process (isOut). */
import TemplateListPage from '../model/TemplateListPage'

export default function IndicatorOutPage() {
  return <TemplateListPage isOut />
}
