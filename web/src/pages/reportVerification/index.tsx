import { useEffect, useState } from 'react'
import { Descriptions, Result, Spin, Tag } from 'antd'
import { useSearchParams } from 'react-router-dom'
import type { ReportVerification } from '@app/contract'
import { verifyReport } from '../../api/reportVerification'
import { RequestError } from '../../api/request'

/**
 * /checking/index?token= (public): what the QR code on a printed report opens. Shows the result and
 * validity only, found by the report's unguessable token (DESIGN §5), never by its id.
 */
export default function CheckingPage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const [state, setState] = useState<{ report?: ReportVerification; error?: string; loading: boolean }>({ loading: !!token })

  useEffect(() => {
    if (!token) return
    const abort = new AbortController()
    verifyReport(token, { signal: abort.signal })
      .then((report) => setState({ report, loading: false }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ loading: false, error: e instanceof RequestError ? e.message : '核验失败，请稍后重试' })
      })
    return () => abort.abort()
  }, [token])

  const page = (content: React.ReactNode) => (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa', padding: 16 }}>
      <div style={{ width: '100%', maxWidth: 520, background: '#fff', borderRadius: 8, padding: '8px 16px 24px' }}>{content}</div>
    </div>
  )
  if (!token) return page(<Result status="warning" title="缺少核验码" subTitle="请扫描检验报告上的二维码打开本页面。" />)
  if (state.loading) return page(<div style={{ textAlign: 'center', padding: 48 }}><Spin tip="正在核验…"><div style={{ height: 40 }} /></Spin></div>)
  if (state.error || !state.report) return page(<Result status="error" title="核验失败" subTitle={state.error} />)

  const r = state.report
  const signed = r.status === 6
  return page(
    <>
      <Result
        status={r.valid ? 'success' : signed ? 'error' : 'info'}
        title={r.valid ? '检验合格，在有效期内' : signed ? (r.result === '合格' ? '检验已过有效期' : '检验不合格') : '报告尚未签发'}
        subTitle={`报告编号 ${r.reportNumber}`}
      />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="车牌号">{r.licenseNumber}</Descriptions.Item>
        <Descriptions.Item label="车辆类型">{r.tankerType}</Descriptions.Item>
        <Descriptions.Item label="检验机构">{r.companyName}</Descriptions.Item>
        <Descriptions.Item label="报告状态"><Tag color={signed ? 'green' : 'default'}>{r.statusName}</Tag></Descriptions.Item>
        {signed && (
          <>
            <Descriptions.Item label="检验结果"><Tag color={r.result === '合格' ? 'green' : 'red'}>{r.result ?? '—'}</Tag></Descriptions.Item>
            {r.safetyGrade != null && <Descriptions.Item label="安全状况等级">{r.safetyGrade} 级</Descriptions.Item>}
            <Descriptions.Item label="签发时间">{r.signTimeStr || '—'}</Descriptions.Item>
            <Descriptions.Item label="下次检验日期">{r.nextInspectionDate ?? '—'}</Descriptions.Item>
          </>
        )}
      </Descriptions>
    </>,
  )
}
