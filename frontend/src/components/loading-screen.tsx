import { Flex, Spin, Typography } from 'antd'

/** Full-screen wait while the owner's session loads (docs/screens.md). */
export function LoadingScreen({ text = 'Loading your dashboard...' }: { text?: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh' }} role="status">
      <Spin size="large" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  )
}
