import { Result, Typography } from 'antd'

/**
 * Shown for a menu node whose component key has no page yet, or a key the web does not know
 * (never a blank page).
 */
export default function NotAvailablePage({ componentKey, title, unknown = false, keyLabel = '组件标识' }: { componentKey: string; title?: string; unknown?: boolean; keyLabel?: string }) {
  return (
    <Result
      status="warning"
      title="页面暂不可用"
      subTitle={
        <div>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {title ? `「${title}」` : '该菜单'}对应的页面{unknown ? '组件未被前端识别' : '尚未上线'}。
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {keyLabel}：<Typography.Text code data-testid="component-key">{componentKey}</Typography.Text>
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {unknown ? '请联系管理员检查菜单配置。' : '请稍后再试，或联系管理员。'}
          </Typography.Paragraph>
        </div>
      }
    />
  )
}
