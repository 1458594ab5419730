/** 查看活动: the activity read afresh, its picture and the server's sanitised content shown as HTML. */
import { Descriptions, Drawer, Empty, Image, Result, Skeleton, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import * as api from '../../api/activities'
import { useAttachmentPicture } from '../../components/pictureUrl'
import styles from './ActivityDetail.module.css'

export const activityKey = (id: number) => ['activities', 'detail', id]

export default function ActivityDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, error } = useQuery({
    queryKey: activityKey(id ?? 0),
    queryFn: ({ signal }) => api.getActivity(id!, { signal, silent: true }),
    enabled: id != null,
  })
  const picture = useAttachmentPicture(data?.picture ?? null)
  return (
    <Drawer title={data?.title ?? '活动详情'} open={id != null} onClose={onClose} width={640} destroyOnHidden>
      {error ? <Result status="warning" title={(error as Error).message} /> : !data ? <Skeleton active paragraph={{ rows: 8 }} /> : (
        <>
          <Descriptions column={1} size="small" bordered labelStyle={{ width: 100 }} items={[
            { key: 'place', label: '活动地点', children: data.place },
            { key: 'organizer', label: '主办单位', children: data.organizer },
            { key: 'time', label: '活动时间', children: `${data.startTime} 至 ${data.endTime}` },
            { key: 'company', label: '所属基地', children: data.companyName },
          ]} />
          {data.picture != null && (
            <div className={styles.picture}>
              {picture.src ? <Image src={picture.src} alt={`${data.title}的活动图片`} /> : picture.failed ? <Typography.Text type="secondary">图片加载失败</Typography.Text> : <Skeleton.Image active />}
            </div>
          )}
          <Typography.Title level={5} style={{ marginTop: 24 }}>活动内容</Typography.Title>
          {data.content
            // sanitised on the server by sanitize-html's allow-list (server/src/modules/activities/content.ts)
            ? <div className={styles.content} dangerouslySetInnerHTML={{ __html: data.content }} />
            : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无内容" />}
        </>
      )}
    </Drawer>
  )
}
