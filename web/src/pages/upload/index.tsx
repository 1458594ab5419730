/**
 * 上传票据 (spec 001 §2 Upload page, §4 upload flow, §5, §8; issue 10 "Upload"): step 1 the delivery
 * ticket, step 2 the receiving ticket, each read by the server and checked here; extra destinations;
 * 暂存 (status 1) and 保存 (status 2). `?id=` continues a temporarily saved transport. Leaving with a
 * photo or a change not saved asks first; the idle logout keeps it as a 暂存 (useUnsavedGuard).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { App, Badge, Button, Card, Form, Space, Spin, Steps, Tag, type FormInstance } from 'antd'
import { useSearchParams } from 'react-router-dom'
import {
  HQ_COMPANY_ID, Msg, ResultCode, TransportMsg, TransportStatus, UploadMsg,
  type TicketField, type TicketReadingAnswer, type TicketType, type Transport, type TransportBody,
} from '@app/contract'
import { isHandled, RequestError, type RequestOptions } from '../../api/request'
import * as transportsApi from '../../api/transports'
import { useUserInfo } from '../../app/session'
import DestinationForm from '../../features/ticketForm/DestinationForm'
import { useUnsavedGuard } from '../../features/ticketForm/useUnsavedGuard'
import DestinationList from './DestinationList'
import ReceivingSummary from './ReceivingSummary'
import TicketStep from './TicketStep'
import {
  addDestination, duplicateLabel, duplicatesOf, fieldMarks, fieldsOf, fillFromReading, readingOfTransport, replaceDestination, stepProblem,
  transportDetailPath, transportBody, valuesOfTransport, VALIDATE_AFTER_READING_MS, type DestinationRow, type TicketValues,
} from '../../features/ticketForm/uploadValues'
import { initialUploadPage, uploadPageReducer, type SaveKind } from './uploadPageState'
import { useReceivingFigures } from './useReceivingFigures'
import { useTicketUpload } from './useTicketUpload'

type SaveCall = (body: TransportBody, opts?: RequestOptions) => Promise<Transport>
const isValid = (form: FormInstance<TicketValues>) => form.validateFields().then(() => true, () => false)

export default function UploadPage() {
  const { message, modal } = App.useApp()
  const info = useUserInfo()
  const hq = info?.companyId === HQ_COMPANY_ID
  const [params, setParams] = useSearchParams()
  const continueId = Number(params.get('id')) || null

  const [deliveryForm] = Form.useForm<TicketValues>()
  const [signForm] = Form.useForm<TicketValues>()
  const [state, dispatch] = useReducer(uploadPageReducer, initialUploadPage)
  /** the user changed a value or the extra destinations since the page was new or last saved */
  const [touched, setTouched] = useState(false)
  const { step, flagged, destinations, transport, loading, saving, listOpen, editor } = state
  // a reading and the destination dialog, answering later, see the destinations of now
  const destinationsRef = useRef(destinations)
  destinationsRef.current = destinations
  const validateTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(validateTimer.current), [])

  const formOf = (type: TicketType) => (type === 1 ? deliveryForm : signForm)

  /** a reading fills its form, marks the net weights it could not trust, and the form is checked ~300 ms later */
  const fill = useCallback((type: TicketType, answer: TicketReadingAnswer) => {
    const form = type === 1 ? deliveryForm : signForm
    const { values, flagged: read } = fillFromReading(type, answer, destinationsRef.current)
    form.setFieldsValue(values)
    dispatch({ type: 'read', ticket: type, flagged: read })
    clearTimeout(validateTimer.current)
    validateTimer.current = setTimeout(() => {
      void isValid(form).then((ok) => ok || message.warning(TransportMsg.incomplete))
    }, VALIDATE_AFTER_READING_MS)
  }, [deliveryForm, signForm, message])

  /** the photo behind a reading was replaced by a refused one: its values go with it */
  const clear = useCallback((type: TicketType) => {
    clearTimeout(validateTimer.current)
    ;(type === 1 ? deliveryForm : signForm).resetFields()
    dispatch({ type: 'read', ticket: type, flagged: [] })
    message.warning(UploadMsg.readingCleared, 5)
  }, [deliveryForm, signForm, message])

  const delivery = useTicketUpload(1, (answer) => fill(1, answer), () => clear(1))
  const sign = useTicketUpload(2, (answer) => fill(2, answer), () => clear(2))
  const uploadOf = (type: TicketType) => (type === 1 ? delivery : sign)

  const { deliveryNet, figures } = useReceivingFigures(deliveryForm, signForm, destinations)

  const deliveryMarks = useMemo(() => fieldMarks(delivery.state.reading, fieldsOf(1)), [delivery.state.reading])
  const signMarks = useMemo(() => fieldMarks(sign.state.reading, fieldsOf(2)), [sign.state.reading])

  /** a value the user changed is no longer the reading's doubtful one */
  const unflag = (changed: TicketValues) => {
    setTouched(true)
    dispatch({ type: 'edited', fields: Object.keys(changed) as TicketField[] })
  }

  const resetAll = useCallback(() => {
    clearTimeout(validateTimer.current)
    deliveryForm.resetFields()
    signForm.resetFields()
    delivery.reset()
    sign.reset()
    dispatch({ type: 'reset' })
    setTouched(false)
    if (params.has('id')) setParams({}, { replace: true })
  }, [deliveryForm, signForm, delivery, sign, params, setParams])

  // ?id=: continue a temporarily saved transport, its pictures, values and version
  useEffect(() => {
    if (!continueId) return
    let cancelled = false
    dispatch({ type: 'loading', loading: true })
    transportsApi.getTransport(continueId, { silent: true })
      .then((t) => {
        if (cancelled) return
        if (t.status !== TransportStatus.TEMP) {
          message.warning(TransportMsg.notTemp)
          setParams({}, { replace: true })
          return
        }
        deliveryForm.setFieldsValue(valuesOfTransport(1, t))
        signForm.setFieldsValue(valuesOfTransport(2, t))
        delivery.restore(readingOfTransport(1, t))
        sign.restore(readingOfTransport(2, t))
        dispatch({ type: 'continued', transport: t })
      })
      .catch((e) => {
        if (!cancelled && !isHandled(e)) message.error(`${Msg.fetchFailed}：${(e as Error).message}`, 5)
      })
      .finally(() => {
        if (!cancelled) dispatch({ type: 'loading', loading: false })
      })
    return () => {
      cancelled = true
    }
    // only when the id changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [continueId])

  /** picture first, then a valid form: else the spec's warning */
  const passes = async (type: TicketType, checkForm = true) => {
    const hasPicture = !!uploadOf(type).state.reading?.picId
    const problem = stepProblem(hasPicture, hasPicture && checkForm ? await isValid(formOf(type)) : true, type)
    if (problem) message.warning(problem)
    return !problem
  }

  const next = async () => {
    if (await passes(1)) dispatch({ type: 'step', step: 1 })
  }

  const submit = async (kind: SaveKind, call: SaveCall, body: TransportBody, ok: string, failed: string) => {
    dispatch({ type: 'saving', kind })
    try {
      await call(body, { silent: true })
      message.success(ok)
      resetAll()
    } catch (e) {
      if (e instanceof RequestError && Number(e.code) === ResultCode.DUPLICATE_TICKET) {
        modal.confirm({
          title: UploadMsg.duplicateTitle,
          width: 520,
          content: (
            <div data-testid="duplicate-confirm">
              <p>{e.message}</p>
              <ul style={{ paddingLeft: 18 }}>
                {duplicatesOf(e.data).map((d) => (
                  <li key={`${d.transportId}-${d.reason}`}><a href={transportDetailPath(d.transportId)} target="_blank" rel="noreferrer">{duplicateLabel(d)}</a></li>
                ))}
              </ul>
            </div>
          ),
          okText: '仍然保存',
          cancelText: '取消',
          onOk: () => submit(kind, call, { ...body, confirmDuplicate: true }, ok, failed),
        })
      } else if (!isHandled(e)) {
        message.error(`${failed}：${(e as Error).message}`, 5)
      }
    } finally {
      dispatch({ type: 'saving', kind: null })
    }
  }

  const values = (form: FormInstance<TicketValues>) => form.getFieldsValue(true) as TicketValues
  const deliveryPicId = delivery.state.reading?.picId ?? null
  const signPicId = sign.state.reading?.picId ?? null

  /** 暂存 of the step shown: the delivery ticket alone on the first */
  const draft = (at = step): [SaveCall, TransportBody] => (at === 0
    ? [transportsApi.saveDeliveryDraft, transportBody({ delivery: values(deliveryForm), deliveryPicId, transport })]
    : [transportsApi.saveReceivingDraft, transportBody({
      delivery: values(deliveryForm), deliveryPicId, sign: values(signForm), signPicId, destinations, transport,
    })])

  const tempSave = async () => {
    if (!(await passes(step === 0 ? 1 : 2, false))) return
    await submit('temp', ...draft(), TransportMsg.tempSaved, UploadMsg.tempSaveFailed)
  }

  // the idle logout keeps what can be kept (a 暂存 needs the delivery ticket's picture), without the dialogs
  const idleDraft = async () => {
    if (!deliveryPicId) return null
    const [call, body] = draft(step === 1 && signPicId ? 1 : 0)
    await call(body, { silent: true })
    resetAll()
    return '长时间未操作：未保存的上传已暂存，可在运单列表中继续上传'
  }

  const save = async () => {
    if (!(await passes(1))) {
      dispatch({ type: 'step', step: 0 })
      return
    }
    if (!(await passes(2))) return
    await submit('save', transportsApi.saveTransport, transportBody({
      delivery: values(deliveryForm), deliveryPicId, sign: values(signForm), signPicId, destinations, transport,
    }), TransportMsg.saved, UploadMsg.saveFailed)
  }

  // ---- extra destinations ----
  const openEditor = (row: DestinationRow | null, index: number) => dispatch({ type: 'editDestination', row, index })
  const saveDestination = (row: DestinationRow): string | null => {
    const list = destinationsRef.current
    const result = editor.row ? replaceDestination(list, row) : addDestination(list, row)
    if (typeof result === 'string') return result
    dispatch({ type: 'destinations', destinations: result })
    setTouched(true)
    return null
  }

  useUnsavedGuard(touched || !!delivery.state.file || !!sign.state.file, {
    note: deliveryPicId ? '未保存的上传将自动暂存。' : '未保存的上传将丢失。',
    save: idleDraft,
  })

  const busy = delivery.state.phase === 'uploading' || delivery.state.phase === 'reading'
    || sign.state.phase === 'uploading' || sign.state.phase === 'reading'

  return (
    <Spin spinning={loading} tip="正在加载运单…">
      <Card
        title={<Space>上传票据{transport && <Tag color="orange" data-testid="continuing">继续上传运单 {transport.id}</Tag>}</Space>}
        styles={{ body: { paddingBottom: 0 } }}
      >
        <Steps
          current={step}
          style={{ maxWidth: 640, margin: '0 auto 24px' }}
          items={[
            { title: '发货票据', description: '上传发货单并核对' },
            { title: '收货票据', description: '上传收货单并核对' },
          ]}
        />
        <TicketStep
          type={1}
          hidden={step !== 0}
          state={delivery.state}
          onFile={delivery.upload}
          formProps={{ form: deliveryForm, marks: deliveryMarks, flagged, onValuesChange: unflag, origin: hq ? delivery.state.reading?.origin ?? null : undefined }}
        />
        <TicketStep
          type={2}
          hidden={step !== 1}
          state={sign.state}
          onFile={sign.upload}
          formProps={{
            form: signForm, marks: signMarks, flagged, onValuesChange: unflag, deliveryForm, figures,
            origin: hq ? sign.state.reading?.origin ?? null : undefined,
          }}
        />
        <div
          style={{
            position: 'sticky', bottom: 0, zIndex: 5, background: '#fff', borderTop: '1px solid #f0f0f0',
            margin: '8px -24px 0', padding: '12px 24px', display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap',
          }}
        >
          {step === 1 && (
            <>
              <ReceivingSummary deliveryNet={deliveryNet} figures={figures} />
              <Button onClick={() => dispatch({ type: 'step', step: 0 })} disabled={!!saving}>上一步</Button>
              <Badge count={destinations.length} size="small">
                <Button onClick={() => dispatch({ type: 'list', open: true })} data-testid="open-destinations">其他收货地</Button>
              </Badge>
            </>
          )}
          <Button onClick={tempSave} loading={saving === 'temp'} disabled={busy || saving === 'save'}>暂存</Button>
          {step === 0 ? (
            <Button type="primary" onClick={next} disabled={busy}>下一步</Button>
          ) : (
            <Button type="primary" onClick={save} loading={saving === 'save'} disabled={busy || saving === 'temp'}>保存</Button>
          )}
        </div>
      </Card>
      <DestinationList
        open={listOpen}
        rows={destinations}
        figures={figures}
        onClose={() => dispatch({ type: 'list', open: false })}
        onAdd={() => openEditor(null, destinations.length)}
        onEdit={(row, index) => openEditor(row, index)}
        onRemove={(row) => {
          dispatch({ type: 'removeDestination', key: row.key })
          setTouched(true)
        }}
      />
      <DestinationForm
        key={`${editor.row?.key ?? 'new'}-${editor.open}`}
        open={editor.open}
        ordinal={editor.ordinal}
        editing={editor.row}
        onOpenChange={(open) => dispatch({ type: 'editorOpen', open })}
        onSave={saveDestination}
      />
    </Spin>
  )
}
