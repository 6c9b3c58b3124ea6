import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Flex, Form, Input, Modal, Typography } from 'antd'
import type { DeleteAccountRequest } from '@reviewroute/backend/types/api'
import { clearToken } from '@reviewroute/web-shared/token'
import { useState } from 'react'
import { DELETED_WITH_ACCOUNT, KEPT_AFTER_DELETION } from '@reviewroute/backend/contract/account_deletion'
import { useSaveForm } from '#hooks/use-save-form'
import { AFTER_DELETE_URL, downloadAccountExport } from '#lib/data-rights'
import { ApiError, errorText } from '#providers/http'
import { useToast } from '#providers/toast'

/**
 * The owner's data rights (docs/decisions.md D29, docs/product-rules.md#data-retention): a copy of everything stored about them, and deleting the account
 * after saying what goes, what stays and why.
 */
export function DataRightsCard() {
  const [exporting, setExporting] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const toast = useToast()

  async function exportData() {
    setExporting(true)
    try {
      await downloadAccountExport()
    } catch (error) {
      toast.error('Download Failed', errorText(error, 'Failed to download your data. Please try again.'))
    } finally {
      setExporting(false)
    }
  }

  return (
    <Card title="Your data">
      <Flex vertical gap={16}>
        <Flex wrap align="center" justify="space-between" gap={12}>
          <Typography.Text type="secondary" style={{ flex: '1 1 240px' }}>
            A copy of everything ReviewRoute stores about you and your businesses, as one JSON file.
          </Typography.Text>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportData()}>
            Download my data
          </Button>
        </Flex>
        <Flex wrap align="center" justify="space-between" gap={12}>
          <Typography.Text type="secondary" style={{ flex: '1 1 240px' }}>
            Delete your account, your businesses and their ratings for good.
          </Typography.Text>
          <Button danger icon={<DeleteOutlined />} onClick={() => setDeleteOpen(true)}>
            Delete my account
          </Button>
        </Flex>
      </Flex>
      <Modal open={deleteOpen} title="Delete your account?" footer={null} onCancel={() => setDeleteOpen(false)} destroyOnHidden>
        <DeleteAccountForm exporting={exporting} onExport={() => void exportData()} onCancel={() => setDeleteOpen(false)} />
      </Modal>
    </Card>
  )
}

interface FormProps {
  exporting: boolean
  onExport(): void
  onCancel(): void
}

/** Mounted fresh each time the dialog opens, so no password outlives it. */
function DeleteAccountForm({ exporting, onExport, onCancel }: FormProps) {
  const toast = useToast()
  const { form, formProps, saving } = useSaveForm<DeleteAccountRequest>({
    path: '/api/account',
    method: 'delete',
    body: ({ password }) => ({ password }),
    // The server has revoked every token; signing out is forgetting ours, and the site is where the owner lands.
    onSaved: () => {
      clearToken()
      window.location.replace(AFTER_DELETE_URL)
    },
    busyAfterSave: true,
    // 400 (wrong password, or no password at all), 422 and the lock's 429 all answer the password: say it there.
    onFailed: (error) => {
      if (error instanceof ApiError && [400, 429].includes(error.status))
        form.setFields([{ name: 'password', errors: [errorText(error, 'That password is not correct.')] }])
      else toast.error('Account Not Deleted', errorText(error, 'Failed to delete your account. Please try again.'))
    },
  })
  const password = Form.useWatch('password', form)

  return (
    <Flex vertical gap={12} style={{ paddingTop: 8 }}>
      <Alert type="warning" showIcon message="This cannot be undone." />
      <div>
        <Typography.Text strong>Deleted for good</Typography.Text>
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {DELETED_WITH_ACCOUNT.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <div>
        <Typography.Text strong>Kept, and why</Typography.Text>
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {KEPT_AFTER_DELETION.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <Typography.Text>
        Want a copy first?{' '}
        <Button type="link" size="small" icon={<DownloadOutlined />} loading={exporting} onClick={onExport} style={{ padding: 0 }}>
          Download my data
        </Button>
      </Typography.Text>
      <Form {...formProps} name="delete-account" layout="vertical" requiredMark={false}>
        <Form.Item
          label="Your password"
          name="password"
          rules={[{ required: true, message: 'Enter your password to delete the account' }]}
          style={{ marginBottom: 16 }}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex wrap justify="end" gap={8}>
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="primary" danger htmlType="submit" loading={saving} disabled={!password}>
            Delete my account
          </Button>
        </Flex>
      </Form>
    </Flex>
  )
}
