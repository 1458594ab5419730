/**
 * One step of the upload: drop or pick the ticket photo (one image, at most TICKET_MAX_BYTES), the
 * progress through upload and reading, then the picture beside the form it filled (two columns on
 * wide screens; on narrower ones the picture is above the form, its frame only once there is a photo). Other transports already holding this ticket are listed with links.
 */
import { useMemo, useState } from 'react'
import { Alert, Col, Grid, Progress, Row, Space, Typography, Upload } from 'antd'
import { CheckCircleFilled, InboxOutlined } from '@ant-design/icons'
import { megabytes, TICKET_MAX_BYTES, TICKET_TYPES, TICKET_FIELDS, UploadMsg, type TicketField, type TicketType } from '@app/contract'
import { validBox } from '../../features/ticketPictures/tester'
import TicketForm, { FORM_NAMES, type TicketFormProps } from '../../features/ticketForm/TicketForm'
import TicketPicture, { type PictureBox } from './TicketPicture'
import { duplicateLabel, transportDetailPath } from '../../features/ticketForm/uploadValues'
import { usePictureSrc } from '../../features/ticketPictures/usePictureSrc'
import type { TicketUploadState } from './useTicketUpload'

const ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp'

function UploadStatus({ state }: { state: TicketUploadState }) {
  if (state.phase === 'uploading') {
    return <Progress percent={state.percent} status="active" format={(p) => `上传中 ${p ?? 0}%`} data-testid="upload-progress" />
  }
  if (state.phase === 'reading') {
    return <Progress percent={100} status="active" format={() => '识别中…'} data-testid="upload-progress" />
  }
  return null
}

export default function TicketStep({ type, state, onFile, hidden, formProps }: {
  type: TicketType
  state: TicketUploadState
  onFile: (file: File) => void
  hidden: boolean
  formProps: Omit<TicketFormProps, 'type' | 'marks' | 'onFocusField'> & { marks: TicketFormProps['marks'] }
}) {
  const kind = TICKET_TYPES[type]
  const reading = state.reading
  const busy = state.phase === 'uploading' || state.phase === 'reading'
  const picture = usePictureSrc(state.file, reading?.picUrl)
  const [focusedField, setFocusedField] = useState<TicketField | null>(null)
  const screens = Grid.useBreakpoint()

  const boxOf = (field: TicketField): PictureBox | null => {
    const box = reading?.meta[field]?.box
    return validBox(box) ? { field, label: TICKET_FIELDS[field], box } : null
  }
  const focused = focusedField ? boxOf(focusedField) : null
  const marked = useMemo(
    () => (Object.keys(formProps.marks) as TicketField[]).map((f) => boxOf(f)).filter((b): b is PictureBox => b !== null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [formProps.marks, reading],
  )
  const hasPicture = !!reading?.picId
  // one column (phones, tablets): the form is below, and an empty frame would only push it down
  const stacked = !screens.xl
  const showPicture = !stacked || !!picture.src || picture.loading

  return (
    <div style={{ display: hidden ? 'none' : undefined }} data-testid={`step-${FORM_NAMES[type]}`}>
      <Row gutter={[24, 16]} align="top">
        {/* on wide screens the picture stays in view while the form scrolls */}
        <Col xs={24} xl={10} style={screens.xl ? { position: 'sticky', top: 72, zIndex: 1 } : undefined}>
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            maxCount={1}
            showUploadList={false}
            fileList={[]}
            disabled={busy}
            height={hasPicture ? 56 : undefined}
            beforeUpload={(file) => {
              onFile(file)
              return false // sent by the page, with progress
            }}
            style={{ marginBottom: 12 }}
            data-testid={`dragger-${FORM_NAMES[type]}`}
          >
            {hasPicture ? (
              <Space style={{ padding: '2px 0' }}>
                <CheckCircleFilled style={{ color: '#52c41a' }} />
                <Typography.Text>{kind}已上传</Typography.Text>
                <Typography.Text type="secondary">{stacked ? '点击重新拍照或选择' : '点击或拖入照片以重新上传'}</Typography.Text>
              </Space>
            ) : (
              <>
                <p className="ant-upload-drag-icon"><InboxOutlined /></p>
                {stacked ? (
                  <>
                    <p className="ant-upload-text">拍照或选择{kind}照片</p>
                    <p className="ant-upload-hint">识别结果填入下方表单；JPG、PNG 或 WebP，不超过 {megabytes(TICKET_MAX_BYTES)}MB</p>
                  </>
                ) : (
                  <>
                    <p className="ant-upload-text">点击或拖入{kind}照片</p>
                    <p className="ant-upload-hint">一张 JPG、PNG 或 WebP 图片，不超过 {megabytes(TICKET_MAX_BYTES)}MB；上传后自动识别并填写右侧表单</p>
                  </>
                )}
              </>
            )}
          </Upload.Dragger>
          <UploadStatus state={state} />
          {state.warning && <Alert type="warning" showIcon message={state.warning} style={{ marginBottom: 12 }} role="alert" data-testid="upload-warning" />}
          {state.error && <Alert type="error" showIcon message={`${UploadMsg.uploadFailed}：${state.error}`} style={{ marginBottom: 12 }} role="alert" />}
          {showPicture && (
            <TicketPicture
              testId={`picture-${FORM_NAMES[type]}`}
              src={picture.src}
              loading={picture.loading}
              failed={picture.failed}
              width={reading?.width ?? 0}
              height={reading?.height ?? 0}
              focused={focused}
              marked={marked}
            />
          )}
        </Col>
        <Col xs={24} xl={14}>
          {reading && reading.duplicates.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={UploadMsg.duplicateFound}
              data-testid="duplicate-alert"
              description={(
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {reading.duplicates.map((d) => (
                    <li key={`${d.transportId}-${d.reason}`}>
                      <a href={transportDetailPath(d.transportId)} target="_blank" rel="noreferrer">{duplicateLabel(d)}</a>
                    </li>
                  ))}
                </ul>
              )}
            />
          )}
          {Object.keys(formProps.marks).length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              标 <Typography.Text style={{ color: '#fa8c16' }}>橙色</Typography.Text> 的字段识别把握不大或未通过校验，请对照图片优先核对。
            </Typography.Paragraph>
          )}
          <TicketForm type={type} onFocusField={setFocusedField} {...formProps} />
        </Col>
      </Row>
    </div>
  )
}
