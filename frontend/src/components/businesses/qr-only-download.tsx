/*
 * The plain 400 px QR (docs/decisions.md D14), offered under the 'QR Code and Link' card: its button says it is the code
 * alone and a hint says what that is, so it is not taken for the card's poster.
 */
import { QrcodeOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Typography } from 'antd'
import { QR_ONLY_HINT, QR_ONLY_LABEL, useLinkActions } from '#hooks/use-link-actions'

export function QrOnlyDownload({ business }: { business: BusinessDto }) {
  const { downloadQr } = useLinkActions()
  return (
    <Flex vertical align="center" style={{ marginTop: 4 }}>
      <Button type="link" icon={<QrcodeOutlined />} onClick={() => void downloadQr(business)}>
        {QR_ONLY_LABEL}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        {QR_ONLY_HINT}
      </Typography.Text>
    </Flex>
  )
}
