/*
 * How a request goes out: the owner's own WhatsApp (the default, opens on the customer), or sent for the owner by
 * email, WhatsApp Business (only once a number is connected) or SMS (docs/decisions.md D32).
 */
import { MailOutlined, MessageOutlined, WhatsAppOutlined } from '@ant-design/icons'
import type { RequestChannelName } from '@reviewroute/backend/types/api'
import { Radio, Typography } from 'antd'
import { Link } from 'react-router'
import { sendChannels } from '#lib/review-requests'
import './requests.css'

export const channelIcon = (channel: RequestChannelName) =>
  channel === 'email' ? <MailOutlined /> : channel === 'sms' ? <MessageOutlined /> : <WhatsAppOutlined />

interface Props {
  value: RequestChannelName
  onChange: (channel: RequestChannelName) => void
  /** undefined while the connection is loading: no "Connect it" hint yet. */
  whatsappConnected: boolean | undefined
  disabled?: boolean
}

export function ChannelPicker({ value, onChange, whatsappConnected, disabled }: Props) {
  return (
    <div className="channel-picker" role="radiogroup" aria-label="How to send">
      <Radio.Group
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as RequestChannelName)}
        className="channel-options"
      >
        {sendChannels(whatsappConnected === true).map((option) => (
          <Radio key={option.value} value={option.value}>
            {channelIcon(option.value)} {option.label}
          </Radio>
        ))}
      </Radio.Group>
      {whatsappConnected === false && (
        <Typography.Text type="secondary" className="channel-hint">
          Have a WhatsApp Business number? <Link to="/dashboard/requests#whatsapp-business">Connect it</Link> to send from it for you.
        </Typography.Text>
      )}
    </div>
  )
}
