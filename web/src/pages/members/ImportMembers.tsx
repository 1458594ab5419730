/** 导入会员: download the xlsx template, pick the file, import it whole; a refusal lists the rows to correct and nothing is imported. */
import { useState } from 'react'
import { Alert, App, Button, Form, Modal, Select, Space, Typography, Upload, type UploadFile } from 'antd'
import { InboxOutlined } from '@ant-design/icons'
import { MEMBER_IMPORT_MAX_ROWS, MemberImportMsg, type CompanyOption } from '@app/contract'
import * as api from '../../api/members'
import { isHandled } from '../../api/request'
import ExportButton from '../../components/ExportButton'
import { companyChoices } from '../../components/companies'

export default function ImportMembers({ open, companies, onClose, onImported }: {
  open: boolean
  /** headquarters: the bases to import into (empty for a base user: their own) */
  companies: CompanyOption[]
  onClose: () => void
  onImported: () => void
}) {
  const { message } = App.useApp()
  const [file, setFile] = useState<UploadFile | null>(null)
  const [companyId, setCompanyId] = useState<number | undefined>()
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  const close = () => { setFile(null); setRefusal(null); onClose() }
  const run = async () => {
    if (!file?.originFileObj) return
    setBusy(true)
    setRefusal(null)
    try {
      const env = await api.importMembers(file.originFileObj, companyId, { silent: true })
      message.success(env.message)
      onImported()
      close()
    } catch (e) {
      if (!isHandled(e)) setRefusal((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal title="导入会员" open={open} width={680} onCancel={close} destroyOnHidden maskClosable={false}
      footer={[
        <Button key="close" onClick={close}>关闭</Button>,
        <Button key="run" type="primary" loading={busy} disabled={!file} onClick={run}>导入</Button>,
      ]}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          1. 下载模板，每行填写一名会员（姓名、身份证号必填），每次最多 {MEMBER_IMPORT_MAX_ROWS} 行。
          <ExportButton type="link" run={api.memberImportTemplate}>下载导入模板</ExportButton>
        </Typography.Paragraph>
        {companies.length > 0 && (
          <Form.Item label="导入到基地" style={{ marginBottom: 0 }}>
            <Select value={companyId} onChange={setCompanyId} placeholder="不选为总部" allowClear showSearch optionFilterProp="label"
              options={companyChoices(companies)} style={{ width: 320 }} />
          </Form.Item>
        )}
        <Upload.Dragger accept=".xlsx" maxCount={1} fileList={file ? [file] : []} beforeUpload={() => false}
          onChange={({ fileList }) => { setRefusal(null); setFile(fileList[fileList.length - 1] ?? null) }}
          onRemove={() => { setFile(null); setRefusal(null); return true }}>
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">2. 点击或拖拽填好的 Excel 文件（.xlsx）到这里</p>
          <p className="ant-upload-hint">{MemberImportMsg.confirmHint}</p>
        </Upload.Dragger>
        {refusal && <Alert type="error" showIcon message="导入失败" description={refusal} data-testid="import-refusal" />}
      </Space>
    </Modal>
  )
}
