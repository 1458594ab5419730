/**
 * The signed-in big screens (menu keys screen and base_screen): the board of features/screens with the
 * figures read through the query cache and read again every SCREEN_REFRESH_MS (no reload), a base
 * picker for headquarters, and 复制嵌入链接, which makes a signed link to the public page of the same
 * screen and copies it (or shows it to copy where the browser does not let a page copy).
 */
import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, Modal, Typography } from 'antd'
import { HQ_COMPANY_ID, SCREEN_REFRESH_MS, ScreenMsg, type ScreenLink } from '@app/contract'
import { getScreenData, makeScreenLink } from '../../api/screens'
import { isHandled, RequestError } from '../../api/request'
import { useUserInfo } from '../../app/session'
import { useCompanyOptions } from '../../components/companies'
import ScreenBoard from '../../features/screens/ScreenBoard'
import styles from '../../features/screens/screen.module.css'

export interface SignedInScreenProps {
  /** headquarters' screen (every base, or one picked); else a base's (its own; headquarters picks one) */
  allBases: boolean
}

export default function SignedInScreen({ allBases }: SignedInScreenProps) {
  const info = useUserInfo()
  const { message } = App.useApp()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const bases = useCompanyOptions({ enabled: headquarters }).filter((c) => c.id !== HQ_COMPANY_ID)
  const [picked, setPicked] = useState<number | undefined>()
  // a base's screen at headquarters shows the picked base, the first until one is picked
  const companyId = headquarters ? (allBases ? picked : (picked ?? bases[0]?.id)) : undefined
  const waiting = headquarters && !allBases && companyId === undefined
  const [link, setLink] = useState<{ link: ScreenLink; note: string } | null>(null)
  const [making, setMaking] = useState(false)

  const query = useQuery({
    queryKey: ['screen', 'data', companyId ?? 'own'],
    queryFn: ({ signal }) => getScreenData(companyId, { signal, silent: true, cancelDuplicate: false }),
    refetchInterval: SCREEN_REFRESH_MS,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
    enabled: !waiting,
  })
  const error = query.error && !isHandled(query.error) ? (query.error instanceof RequestError ? query.error.message : '网络异常，稍后自动重试') : undefined

  const copyLink = async () => {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined)
    setMaking(true)
    try {
      const answer = await makeScreenLink(companyId)
      const copied = await navigator.clipboard?.writeText(answer.data.url).then(() => true, () => false) ?? false
      if (copied) message.success(`${answer.message}，已复制`)
      setLink({ link: answer.data, note: copied ? `${answer.message}，已复制到剪贴板。` : `${answer.message}，请复制下面的链接。` })
    } catch (e) {
      if (!(e instanceof RequestError)) message.error('网络异常，请稍后重试')
    } finally {
      setMaking(false)
    }
  }

  const actions = (
    <>
      {headquarters && (
        <select className={styles.select} aria-label="基地" value={companyId ?? ''} onChange={(e) => setPicked(e.target.value ? Number(e.target.value) : undefined)}>
          {allBases && <option value="">{ScreenMsg.allBases}</option>}
          {bases.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
        </select>
      )}
      <button type="button" className={styles.button} onClick={copyLink} disabled={making || waiting}>复制嵌入链接</button>
    </>
  )

  return (
    <>
      <ScreenBoard data={waiting ? undefined : query.data} error={waiting ? (bases.length ? undefined : '暂无基地') : error} wide={allBases && companyId === undefined} actions={actions} />
      <Modal open={!!link} title="大屏嵌入链接" footer={null} onCancel={() => setLink(null)} width={720} destroyOnHidden>
        {link && (
          <>
            <Typography.Paragraph>{link.note}有效期至 {link.link.expiresAt}，过期后需重新生成。</Typography.Paragraph>
            <Typography.Paragraph code copyable={{ text: link.link.url, tooltips: ['复制', '已复制'] }} data-testid="screen-link">{link.link.url}</Typography.Paragraph>
            <Typography.Link href={link.link.url} target="_blank" rel="noreferrer">在新窗口打开</Typography.Link>
          </>
        )}
      </Modal>
    </>
  )
}
