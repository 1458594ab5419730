/** 导入用户: download the xlsx template, upload the filled file, see which rows were refused and why. */
import { useState } from 'react'
import { Alert, App, Button, Form, Modal, Select, Space, Table, Typography, Upload, type UploadFile } from 'antd'
import { InboxOutlined } from '@ant-design/icons'
import { Msg, USER_IMPORT_MAX_ROWS, type CompanyOption, type UserImportResult } from '@app/contract'
import * as userApi from '../../api/userAdmin'
import ExportButton from '../../components/ExportButton'
import { companyChoices } from '../../components/companies'

export default function ImportModal({ open, companies, defaultCompanyId, onClose, onImported }: {
  open: boolean
  /** headquarters: the bases to import into (empty for a base user: their own) */
  companies: CompanyOption[]
  defaultCompanyId?: number
  onClose: () => void
  onImported: () => void
}) {
  const { message } = App.useApp()
  const [file, setFile] = useState<UploadFile | null>(null)
  const [companyId, setCompanyId] = useState<number | undefined>(defaultCompanyId)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ message: string; data: UserImportResult } | null>(null)

  const reset = () => {
    setFile(null)
    setResult(null)
  }
  const run = async () => {
    if (!file?.originFileObj) return
    setBusy(true)
    try {
      const env = await userApi.importUsers(file.originFileObj, companies.length ? companyId : undefined)
      setResult({ message: env.message, data: env.data })
      if (env.data.imported > 0) onImported()
      if (!env.data.errors.length) message.success(env.message || Msg.imported)
    } catch {
      // shown by the request client
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      title="导入用户"
      open={open}
      width={680}
      onCancel={() => { reset(); onClose() }}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="close" onClick={() => { reset(); onClose() }}>关闭</Button>,
        <Button key="run" type="primary" loading={busy} disabled={!file} onClick={run}>导入</Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          1. 下载模板，每行填写一个用户（手机号、姓名、角色、密码），每次最多 {USER_IMPORT_MAX_ROWS} 行。
          <ExportButton type="link" run={userApi.importTemplate}>下载导入模板</ExportButton>
        </Typography.Paragraph>
        {companies.length > 0 && (
          <Form.Item label="导入到基地" style={{ marginBottom: 0 }} extra="模板中“所属基地”列填写了基地名称的行，以该列为准">
            <Select
              value={companyId}
              onChange={setCompanyId}
              placeholder="请选择基地"
              showSearch
              optionFilterProp="label"
              options={companyChoices(companies)}
              style={{ width: 320 }}
            />
          </Form.Item>
        )}
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [file] : []}
          beforeUpload={() => false}
          onChange={({ fileList }) => { setResult(null); setFile(fileList[fileList.length - 1] ?? null) }}
          onRemove={() => { reset(); return true }}
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">2. 点击或拖拽填好的 Excel 文件（.xlsx）到这里</p>
          <p className="ant-upload-hint">有错误的行不会导入，其余行照常导入</p>
        </Upload.Dragger>
        {result && (
          <>
            <Alert
              showIcon
              type={result.data.errors.length ? (result.data.imported ? 'warning' : 'error') : 'success'}
              message={result.message}
              description={`共 ${result.data.total} 行：成功 ${result.data.imported} 行，失败 ${result.data.errors.length} 行`}
            />
            {result.data.errors.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                pagination={result.data.errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
                dataSource={result.data.errors}
                data-testid="import-errors"
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '手机号', dataIndex: 'phone', width: 130 },
                  { title: '原因', dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  )
}
