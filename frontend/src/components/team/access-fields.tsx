/*
 * A member's access, as the invitation form and "Change access" ask for it: a role (each with what it means) and,
 * for a manager or a viewer, the businesses they are limited to (none chosen: all of them, and any added later).
 * An owner always has every business.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Form, Radio, Select, Typography } from 'antd'
import { WORKSPACE_ROLES } from '@reviewroute/backend/contract/workspace_roles'
import { ROLE_HINTS, ROLE_LABELS, type WorkspaceRole } from '#lib/roles'

export interface AccessValues {
  role: WorkspaceRole
  /** Empty: every business. */
  businessIds?: number[]
}

/** What the API takes: `null` for every business (and always for an owner). */
export const businessIdsOf = ({ role, businessIds }: AccessValues) => (role === 'owner' || !businessIds?.length ? null : businessIds)

export function AccessFields({ businesses, idPrefix }: { businesses: BusinessDto[]; idPrefix: string }) {
  const role = Form.useWatch<WorkspaceRole | undefined>('role', Form.useFormInstance())
  return (
    <>
      <Form.Item label="Role" name="role" rules={[{ required: true, message: 'Please choose a role' }]}>
        <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} aria-label="Role">
          {WORKSPACE_ROLES.map((value) => (
            <Radio key={value} value={value} id={`${idPrefix}-role-${value}`}>
              <strong>{ROLE_LABELS[value]}</strong>
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {ROLE_HINTS[value]}
              </Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {role !== 'owner' && businesses.length > 0 && (
        <Form.Item label="Businesses" name="businessIds" extra="Leave empty for every business, including ones added later.">
          <Select
            mode="multiple"
            allowClear
            placeholder="All businesses"
            optionFilterProp="label"
            options={businesses.map((business) => ({ value: business.id, label: business.name }))}
          />
        </Form.Item>
      )}
    </>
  )
}
