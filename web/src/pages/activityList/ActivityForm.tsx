/**
 * 新增/编辑活动: title, place, organizer, start and end, one picture (an upload of fileType 1) and the
 * content typed as text, a blank line between paragraphs (sent as <p> HTML; the server sanitises it).
 * The success messages are the contract's 新增活动成功 / 编辑活动成功.
 */
import { Alert } from 'antd'
import { ModalForm, ProForm, ProFormDateTimePicker, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components'
import { ACTIVITY_CONTENT_MAX, activityFields, ActivityMsg, ATTACHMENT_TYPES, type Activity } from '@app/contract'
import * as api from '../../api/activities'
import AttachmentUpload from '../../components/AttachmentUpload'
import { submitDialog } from '../../components/dialogForm'
import { editDialog, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import { dateRule } from '../../components/zodRule'
import { hasRichMarkup } from '../../features/activities/content'
import { activityBodyOf, activityFormValues, endNotBeforeStart, type ActivityFormValues } from './activityValues'

const DATE_TIME = { format: 'YYYY-MM-DD HH:mm:ss', showTime: { format: 'HH:mm' } }

export default function ActivityForm({ bases, ...dialog }: EditDialogProps<Activity> & {
  /** headquarters picks the base holding it (empty for a base's own users) */
  bases: { label: string; value: number }[]
}) {
  const { editing } = dialog
  const save = (v: ActivityFormValues) => (editing ? api.updateActivity(editing.id, activityBodyOf(v)) : api.saveActivity(activityBodyOf(v)))
  return (
    <ModalForm<ActivityFormValues>
      {...editDialog(dialog, { noun: '活动', labelWidth: 90, create: save, update: (_r, v) => save(v) })}
      onFinish={(v) => submitDialog(() => save(v), editing ? ActivityMsg.updated : ActivityMsg.created, dialog.onSaved)}
      width={720}
      initialValues={activityFormValues(editing)}
      name="activity"
    >
      {bases.length > 0 && !editing && (
        <ProFormSelect name="companyId" label="所属基地" options={bases} placeholder="不选为总部" fieldProps={{ showSearch: true, optionFilterProp: 'label' }} />
      )}
      <SchemaText name="title" label="活动标题" placeholder="如：社区健康体检日" schema={activityFields.title} />
      <SchemaText name="place" label="活动地点" schema={activityFields.place} />
      <SchemaText name="organizer" label="主办单位" schema={activityFields.organizer} />
      <ProForm.Group size={16}>
        <ProFormDateTimePicker name="startTime" label="开始时间" width={220} fieldProps={DATE_TIME} rules={[dateRule(activityFields.startTime)]} />
        <ProFormDateTimePicker name="endTime" label="结束时间" width={220} fieldProps={DATE_TIME} dependencies={['startTime']}
          rules={[dateRule(activityFields.endTime), ({ getFieldValue }) => ({ validator: async (_r, v) => {
            if (!endNotBeforeStart(getFieldValue('startTime'), v)) throw new Error(ActivityMsg.endBeforeStart)
          } })]} />
      </ProForm.Group>
      <ProForm.Item name="picture" label="活动图片" extra="一张图片，最大10MB">
        <AttachmentUpload picture accept="image/*" fileType={ATTACHMENT_TYPES.activityPicture} />
      </ProForm.Item>
      {editing && hasRichMarkup(editing.content) && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="该活动内容含有加粗、列表、链接或图片等格式，在此编辑保存后将变为纯文本段落。" />
      )}
      <ProFormTextArea name="content" label="活动内容" placeholder="每段之间空一行；段内换行会保留"
        fieldProps={{ autoSize: { minRows: 6, maxRows: 14 }, maxLength: ACTIVITY_CONTENT_MAX / 2, showCount: true }} />
      <HiddenSubmit />
    </ModalForm>
  )
}
