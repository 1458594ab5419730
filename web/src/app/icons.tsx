/** Menu icon names from the server (MenuNode.meta.icon, kebab-case antd names) -> icon components. */
import type { ComponentType } from 'react'
import {
  AccountBookOutlined, AlertOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined,
  BarChartOutlined, BellOutlined, CalendarOutlined, CameraOutlined, CarOutlined, CloudUploadOutlined,
  DashboardOutlined, DatabaseOutlined, DesktopOutlined, FileSearchOutlined, FileTextOutlined, FormOutlined, FunctionOutlined,
  HeartOutlined, HomeOutlined, LineChartOutlined, PictureOutlined, ProfileOutlined, SafetyOutlined, ScheduleOutlined,
  SearchOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, TableOutlined, TeamOutlined,
  UnorderedListOutlined, UserOutlined,
} from '@ant-design/icons'

const ICONS: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined,
  alert: AlertOutlined,
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  bell: BellOutlined,
  calendar: CalendarOutlined,
  camera: CameraOutlined,
  car: CarOutlined,
  'cloud-upload': CloudUploadOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  desktop: DesktopOutlined,
  'file-search': FileSearchOutlined,
  'file-text': FileTextOutlined,
  form: FormOutlined,
  function: FunctionOutlined,
  heart: HeartOutlined,
  home: HomeOutlined,
  'line-chart': LineChartOutlined,
  picture: PictureOutlined,
  profile: ProfileOutlined,
  safety: SafetyOutlined,
  schedule: ScheduleOutlined,
  search: SearchOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  'shopping-cart': ShoppingCartOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  'unordered-list': UnorderedListOutlined,
  user: UserOutlined,
}

/** The icon for a server icon name; unknown or missing names get a neutral fallback. */
export function menuIcon(name: string | undefined) {
  const Icon = (name && ICONS[name.replace(/Outlined$/i, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()]) || AppstoreOutlined
  return <Icon />
}
