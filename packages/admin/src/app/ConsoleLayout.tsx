import { ApiOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Layout, Menu, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { changeLocale, type Locale } from './i18n/index.ts';
import { canSee, sections } from './sections.tsx';
import { useSession } from './session.tsx';
import { discardUnsaved, useConfirmLeave } from './unsaved.ts';

const { Sider, Header, Content } = Layout;

/** The signed-in frame: the sections menu on the left, the operator and language on top. */
export function ConsoleLayout() {
  const { t, i18n } = useTranslation();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const operator = session!.operator;
  const visible = session!.totpSetupRequired
    ? []
    : sections.filter((section) => canSee(section, operator.role));
  const selected = location.pathname.split('/')[1] ?? '';
  const confirmLeave = useConfirmLeave();
  const [narrow, setNarrow] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider width={220} theme="dark" breakpoint="lg" collapsedWidth={64} onBreakpoint={setNarrow}>
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            fontWeight: 600,
            fontSize: 17,
            letterSpacing: 1,
          }}
        >
          {/* At 768 px the menu is a row of icons: the full title would wrap letter by letter. */}
          {narrow ? t('app_title_short') : t('app_title')}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          onClick={async ({ key }) => {
            if (await confirmLeave()) {
              discardUnsaved();
              navigate(`/${key}`);
            }
          }}
          items={visible.map((section) => ({
            key: section.path,
            icon: section.icon,
            label: t(section.menuKey),
          }))}
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderBottom: '1px solid #f0f0f0',
            height: 56,
          }}
        >
          <Space size="middle">
            <Button type="link" icon={<ApiOutlined />} href="/admin/api/docs" target="_blank">
              {t('docs_link')}
            </Button>
            <Select<Locale>
              aria-label={t('language')}
              value={i18n.language as Locale}
              style={{ width: 120 }}
              onChange={(locale) => void changeLocale(locale)}
              options={[
                { value: 'cn', label: t('lang_cn') },
                { value: 'tw', label: t('lang_tw') },
              ]}
            />
            <Dropdown
              menu={{
                items: [
                  { key: 'account', icon: <UserOutlined />, label: t('menu_account') },
                  { key: 'sign-out', icon: <LogoutOutlined />, label: t('sign_out') },
                ],
                onClick: async ({ key }) => {
                  if (!(await confirmLeave())) return;
                  discardUnsaved();
                  if (key === 'account') navigate('/account');
                  else void signOut();
                },
              }}
            >
              <Button type="text" data-testid="operator-menu">
                <Space>
                  <UserOutlined />
                  <Typography.Text>{operator.email}</Typography.Text>
                  <Tag color="magenta">{t(`role_${operator.role}`)}</Tag>
                </Space>
              </Button>
            </Dropdown>
          </Space>
        </Header>
        <Content style={{ margin: 24 }}>
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
