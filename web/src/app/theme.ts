import type { ThemeConfig } from 'antd'

export const PRODUCT_NAME = '基地业务管理后台'

/** antd's error colour, named for the few plain elements that show it (a list row's 删除) */
export const DANGER_COLOR = '#ff4d4f'

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    colorError: DANGER_COLOR,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
}
