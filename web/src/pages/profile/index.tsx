/** /profile/index (spec 000 §2 Profile, spec 001 §2): login name, company, creation time; change password (current one first). */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Typography } from 'antd'
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { DATE_TIME_FORMAT, Msg, roleLabel, type Profile } from '@app/contract'
import * as usersApi from '../../api/users'
import { isHandled } from '../../api/request'
import { useUserInfo } from '../../app/session'
import PasswordFields from '../../components/PasswordFields'

interface PasswordForm {
  currentPassword: string
  password: string
  passwordAgain: string
}

export default function ProfilePage() {
  const { message } = App.useApp()
  const info = useUserInfo()
  const loaded = useQuery({
    queryKey: ['users', 'profile', info?.id],
    queryFn: ({ signal }) => usersApi.getProfile(info!.id, { silent: true, signal }),
    enabled: !!info,
  })
  const profile: Profile | null = loaded.data ?? null
  const loadError = loaded.error && !isHandled(loaded.error) ? `${Msg.fetchFailed}：${loaded.error.message}` : null
  const [form] = Form.useForm<PasswordForm>()
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<string | null>(null)

  const onFinish = async (values: PasswordForm) => {
    if (!info) return
    setSaving(true)
    setSaveError(null)
    try {
      const msg = await usersApi.updatePassword(info.id, { userName: profile?.phone ?? info.phone, currentPassword: values.currentPassword, password: values.password }, { silent: true })
      message.success(msg || Msg.passwordUpdated)
      form.resetFields()
    } catch (e) {
      if (!isHandled(e)) setSaveError((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} lg={10}>
        <Card title="个人信息">
          {loadError ? (
            <Alert type="error" showIcon message={loadError} />
          ) : !profile ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : (
            <>
              <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 20 }}>
                <Avatar size={56} src={info?.avatar || undefined} icon={<UserOutlined />} />
                <div>
                  <Typography.Title level={5} style={{ margin: 0 }}>{profile.name || profile.phone}</Typography.Title>
                  <Typography.Text type="secondary">{roleLabel(info?.nickName)}</Typography.Text>
                </div>
              </div>
              <Descriptions
                column={1}
                bordered
                size="middle"
                styles={{ label: { width: 110 } }}
                items={[
                  { key: 'phone', label: '账号', children: profile.phone },
                  { key: 'name', label: '姓名', children: profile.name || '—' },
                  { key: 'company', label: '所属公司', children: profile.companyName || '—' },
                  { key: 'createTime', label: '创建时间', children: profile.createTime ? dayjs(profile.createTime).format(DATE_TIME_FORMAT) : '—' },
                ]}
              />
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="修改密码">
          <Form<PasswordForm>
            form={form}
            name="change-password"
            layout="horizontal"
            labelCol={{ flex: '100px' }}
            wrapperCol={{ flex: 'auto' }}
            style={{ maxWidth: 480 }}
            onFinish={onFinish}
            onValuesChange={() => saveError && setSaveError(null)}
          >
            <Form.Item name="currentPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="请输入当前密码" autoComplete="current-password" />
            </Form.Item>
            <PasswordFields label="新密码" confirmLabel="确认密码" />
            {saveError && (
              <Form.Item wrapperCol={{ offset: 0 }}>
                <Alert type="error" showIcon message={saveError} role="alert" />
              </Form.Item>
            )}
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" loading={saving}>修改密码</Button>
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              修改后，您在其他设备或浏览器上的登录会随之失效。
            </Typography.Paragraph>
          </Form>
        </Card>
      </Col>
    </Row>
  )
}
