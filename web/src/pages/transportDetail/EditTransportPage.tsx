/**
 * 编辑运单 (/editTraceDetail/index?id=; spec 001 §2, §5): the delivery, receiving and extra-destination
 * sections with the edit page's required fields and consistency checks, each ticket's picture beside
 * its form, the receiving total and pound difference recomputed as values change; 保存 answers 更新成功,
 * or, when someone saved the transport since it was opened, says who and when. `?active` hides 保存 and 关闭.
 * Leaving with unsaved changes (关闭, the menu, the browser) asks first (useUnsavedGuard).
 */
import { useEffect, useMemo, useState } from 'react'
import { Alert, App, Button, Card, Col, Form, Result, Row, Skeleton, Space, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import {
  DELIVERY_REQUIRED, destinationName, EDIT_CONSISTENT_FIELDS, EDIT_DESTINATION_REQUIRED, EDIT_SIGN_REQUIRED, MAX_EXTRA_DESTINATIONS,
  TransportMsg, TransportStatus,
} from '@app/contract'
import { isHandled, RequestError } from '../../api/request'
import * as transportsApi from '../../api/transports'
import DestinationTable from '../../features/transports/DestinationTable'
import ProofImage from '../../features/transports/ProofImage'
import { actionPath } from '../../features/transports/transportValues'
import DestinationForm from '../../features/ticketForm/DestinationForm'
import TicketForm from '../../features/ticketForm/TicketForm'
import {
  addDestination, destinationRowsOf, ordinalAt, receivingFigures, removeDestination, replaceDestination, transportBody, valuesOfTransport,
  type DestinationRow, type TicketValues,
} from '../../features/ticketForm/uploadValues'
import { useRecordById } from '../../components/useRecordById'
import { isEmbedded, transportRecord, TRANSPORTS_KEY } from './detailValues'
import TransportTags from './TransportTags'
import { useClose } from './useClose'
import { useUnsavedGuard } from '../../features/ticketForm/useUnsavedGuard'

const REQUIRED = { ...DELIVERY_REQUIRED, ...EDIT_SIGN_REQUIRED }
const NO_MARKS = {}
const NOT_FLAGGED = new Set<never>()
const ignoreFocus = () => undefined
// an edit cannot be kept as a draft (a 暂存 would take the finished transport back to status 1): the countdown says it is lost
const EDIT_IDLE = { note: '编辑运单中未保存的修改将丢失。' }

export default function EditTransportPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { id, params, data: transport, error, reload } = useRecordById({ ...transportRecord('editing', transportsApi.getTransport), editing: true })
  const embedded = isEmbedded(params)
  const [deliveryForm] = Form.useForm<TicketValues>()
  const [signForm] = Form.useForm<TicketValues>()
  const [destinations, setDestinations] = useState<DestinationRow[]>([])
  const [editor, setEditor] = useState<{ open: boolean; row: DestinationRow | null; ordinal: number }>({ open: false, row: null, ordinal: 2 })
  const [saving, setSaving] = useState(false)
  const [stale, setStale] = useState<string | null>(null)
  const [dirty, setDirty] = useState(false)
  const changed = () => setDirty(true)
  const release = useUnsavedGuard(dirty, EDIT_IDLE)
  const close = useClose()

  useEffect(() => {
    if (!transport) return
    deliveryForm.setFieldsValue(valuesOfTransport(1, transport))
    signForm.setFieldsValue(valuesOfTransport(2, transport))
    setDestinations(destinationRowsOf(transport))
    setStale(null)
    setDirty(false)
  }, [transport, deliveryForm, signForm])

  const deliveryNet = Form.useWatch('deliveryNetWeight', deliveryForm)
  const firstNet = Form.useWatch('signFirstNetWeight', signForm)
  const figures = useMemo(() => receivingFigures(deliveryNet, firstNet, destinations), [deliveryNet, firstNet, destinations])
  useEffect(() => {
    if (transport && signForm.getFieldValue('signNetWeight') !== figures.total) signForm.setFieldValue('signNetWeight', figures.total)
  }, [transport, figures.total, signForm])

  if (error) return <Result status="warning" title={error} extra={<Button onClick={reload}>重试</Button>} />
  if (!transport) return <Card><Skeleton active paragraph={{ rows: 16 }} /></Card>
  const invalid = transport.status === TransportStatus.INVALID

  const save = async () => {
    const valid = await Promise.all([deliveryForm.validateFields(), signForm.validateFields()]).then(() => true, () => false)
    if (!valid) {
      message.warning(TransportMsg.incomplete)
      return
    }
    setSaving(true)
    try {
      await transportsApi.updateTransport(id, transportBody({
        delivery: deliveryForm.getFieldsValue(true),
        deliveryPicId: transport.deliveryPicId,
        sign: signForm.getFieldsValue(true),
        signPicId: transport.signPicId,
        destinations,
        transport: { id, version: transport.version },
      }), { silent: true })
      message.success(TransportMsg.updated)
      // the detail opens on what was just saved, not on a copy from before; in place of the edit, so its 关闭 goes back past it
      queryClient.removeQueries({ queryKey: TRANSPORTS_KEY })
      release()
      navigate(actionPath('view', id), { replace: true })
    } catch (e) {
      if (isHandled(e)) return
      if (e instanceof RequestError && e.status === 409) setStale(e.message)
      message.error((e as Error).message, 5)
    } finally {
      setSaving(false)
    }
  }

  const saveDestination = (row: DestinationRow) => {
    const next = editor.row ? replaceDestination(destinations, row) : addDestination(destinations, row)
    if (typeof next === 'string') return next
    setDestinations(next)
    changed()
    return null
  }
  const lines = destinations.map((d, i) => ({ ...d, ordinal: ordinalAt(i), signTimeStr: d.signTime ?? '' }))
  const full = destinations.length >= MAX_EXTRA_DESTINATIONS

  return (
    <div>
      <Card
        size="small"
        style={{ marginBottom: 16 }}
        title={<Space>编辑运单 <Typography.Text type="secondary">#{transport.id}</Typography.Text><TransportTags {...transport} /></Space>}
        extra={(
          <Space>
            {!embedded && <Button type="primary" onClick={save} loading={saving} disabled={invalid}>保存</Button>}
            {!embedded && <Button onClick={close}>关闭</Button>}
          </Space>
        )}
      >
        {invalid && <Alert type="warning" showIcon message={TransportMsg.invalidNoEdit} />}
        {stale && (
          <Alert
            type="error" showIcon message={stale} data-testid="stale-alert"
            action={<Button size="small" onClick={reload}>重新加载</Button>}
          />
        )}
        {!invalid && !stale && (
          <Typography.Text type="secondary">
            最后修改：{transport.updatedBy ?? '—'}，{transport.updateTime}
          </Typography.Text>
        )}
      </Card>
      <Card title="发货信息" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={8}><ProofImage url={transport.deliveryPicUrl} alt="发货票据" width="100%" large /></Col>
          <Col xs={24} lg={16}>
            <TicketForm type={1} form={deliveryForm} marks={NO_MARKS} flagged={NOT_FLAGGED} onFocusField={ignoreFocus} onValuesChange={changed} required={REQUIRED} />
          </Col>
        </Row>
      </Card>
      <Card title="收货信息" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={8}><ProofImage url={transport.signPicUrl} alt="收货票据" width="100%" large /></Col>
          <Col xs={24} lg={16}>
            <TicketForm
              type={2} form={signForm} marks={NO_MARKS} flagged={NOT_FLAGGED} onFocusField={ignoreFocus} onValuesChange={changed}
              required={REQUIRED} consistentFields={EDIT_CONSISTENT_FIELDS} deliveryForm={deliveryForm} figures={figures}
            />
          </Col>
        </Row>
      </Card>
      <Card
        title="其他收货地"
        size="small"
        extra={(
          <Button icon={<PlusOutlined />} disabled={full || invalid} onClick={() => setEditor({ open: true, row: null, ordinal: ordinalAt(destinations.length) })}>
            新增{full ? '收货地' : destinationName(ordinalAt(destinations.length))}
          </Button>
        )}
      >
        <DestinationTable
          lines={lines}
          actions={(_line, i) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => setEditor({ open: true, row: destinations[i]!, ordinal: ordinalAt(i) })}>编辑</Button>
              <Button type="link" size="small" danger onClick={() => { setDestinations((list) => removeDestination(list, destinations[i]!.key)); changed() }}>删除</Button>
            </Space>
          )}
        />
      </Card>
      <DestinationForm
        key={`${editor.row?.key ?? 'new'}-${editor.ordinal}-${editor.open}`}
        open={editor.open}
        ordinal={editor.ordinal}
        editing={editor.row}
        required={EDIT_DESTINATION_REQUIRED}
        onOpenChange={(open) => setEditor((e) => ({ ...e, open }))}
        onSave={saveDestination}
      />
    </div>
  )
}
