/*
 * How a request goes out: the owner's own WhatsApp (the default, opens on the customer), or sent for the owner by
 * email, WhatsApp Business or SMS (docs/decisions.md D32). Only the channels the server says work for this business
 * are offered; under them, what each missing one needs (docs/product-rules.md#customers-and-channels).
 */
import { MailOutlined, MessageOutlined, WhatsAppOutlined } from '@ant-design/icons'
import type { RequestChannelName, RequestChannelsDto } from '@reviewroute/backend/types/api'
import { Radio } from 'antd'
import { Link } from 'react-router'
import { SEND_CHANNEL, SEND_CHANNELS } from '#lib/review-requests'
import './requests.css'

export const channelIcon = (channel: RequestChannelName) =>
  channel === 'email' ? <MailOutlined /> : channel === 'sms' ? <MessageOutlined /> : <WhatsAppOutlined />

/** The channel to send on: the one chosen while it works, else the owner's own WhatsApp (which always does). */
export const usableChannel = (chosen: RequestChannelName, channels: RequestChannelsDto | undefined) =>
  channels?.[chosen]?.available ? chosen : SEND_CHANNEL

interface Props {
  value: RequestChannelName
  onChange: (channel: RequestChannelName) => void
  /** The server's answer; undefined while it loads (only the owner's own WhatsApp is offered meanwhile). */
  channels: RequestChannelsDto | undefined
  disabled?: boolean
}

export function ChannelPicker({ value, onChange, channels, disabled }: Props) {
  const offered = SEND_CHANNELS.filter(({ value: channel }) => channel === SEND_CHANNEL || channels?.[channel]?.available)
  const missing = SEND_CHANNELS.filter(({ value: channel }) => channels?.[channel] && !channels[channel].available)
  return (
    <div className="channel-picker">
      <div role="radiogroup" aria-label="How to send">
        <Radio.Group
          value={usableChannel(value, channels)}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as RequestChannelName)}
          className="channel-options"
        >
          {offered.map((option) => (
            <Radio key={option.value} value={option.value}>
              {channelIcon(option.value)} {option.label}
            </Radio>
          ))}
        </Radio.Group>
      </div>
      {missing.length > 0 && (
        // Folded, so the contact fields stay near the top on a phone; each sentence names its channel.
        <details className="channel-missing">
          <summary>Why not {missing.map(({ label }) => label).join(' or ')}?</summary>
          <ul aria-label="Not set up">
            {missing.map(({ value: channel }) => (
              <li key={channel}>
                {channels![channel].reason}
                {channel === 'whatsapp' && (
                  <>
                    {' '}
                    <Link to="/dashboard/requests#whatsapp-business">Connect it</Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
