/** The device's secret, shown once after 新增 or 重置密钥: copy it now, the server keeps only its hash. */
import { Alert, Descriptions, Modal, Typography } from 'antd'
import { MeasurementMsg, type MachineWithSecret } from '@app/contract'

export default function SecretDialog({ machine, onClose }: { machine: MachineWithSecret | null; onClose: () => void }) {
  return (
    <Modal title="设备密钥" open={machine != null} onOk={onClose} onCancel={onClose} okText="我已保存" cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false} destroyOnHidden width={560}>
      {machine && (
        <>
          <Alert type="warning" showIcon message={MeasurementMsg.secretShownOnce} description="关闭后无法再次查看；遗失时只能重置密钥，旧密钥随即失效。" style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small" labelStyle={{ width: 100 }} items={[
            { key: 'no', label: '设备编号', children: machine.deviceNo },
            {
              key: 'secret', label: '设备密钥',
              children: <Typography.Text code copyable={{ text: machine.secret, tooltips: ['复制', '已复制'] }} data-testid="device-secret">{machine.secret}</Typography.Text>,
            },
          ]} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            设备提交测量数据时在请求头带上 X-Device-No: {machine.deviceNo} 和 Authorization: Bearer 设备密钥。
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  )
}
