/*
 * The ten recovery codes, shown once right after the authenticator app is set up (docs/decisions.md D34): copy them
 * or save them as a .txt file, and say so before going on, because the server keeps only their hashes.
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Flex, Typography } from 'antd'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { download } from '@reviewroute/web-shared/download'
import { useState } from 'react'
import { RECOVERY_CODES_FILE, recoveryCodesText } from '#lib/admin'
import { useToast } from '#providers/toast'

export function RecoveryCodes({ codes, email, onContinue }: { codes: string[]; email?: string; onContinue(): void }) {
  const toast = useToast()
  const [saved, setSaved] = useState(false)
  const text = recoveryCodesText(codes, email)

  async function copy() {
    if (await copyText(text)) toast.success('Codes Copied', 'Paste them somewhere safe, like your password manager.')
    else toast.error('Copy Failed', 'Select the codes and copy them, or download the file.')
  }

  return (
    <Flex vertical gap={16}>
      <Alert
        type="warning"
        showIcon
        message="Save your recovery codes now"
        description="Each code signs you in once if you lose your phone. They are shown only this once."
      />
      <ol className="admin-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => download(new Blob([text], { type: 'text/plain' }), RECOVERY_CODES_FILE)}>
          Download .txt
        </Button>
      </Flex>
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
        I have saved my recovery codes
      </Checkbox>
      <Button type="primary" block disabled={!saved} onClick={onContinue}>
        Continue to the console
      </Button>
    </Flex>
  )
}
