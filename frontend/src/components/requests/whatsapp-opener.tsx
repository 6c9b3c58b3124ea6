/* Which function opens the owner's WhatsApp: `openWhatsApp` in the app, a spy in tests. */
import { createContext, useContext } from 'react'
import { openWhatsApp } from '#lib/review-requests'

const OpenerContext = createContext<(url: string) => void>(openWhatsApp)

export const WhatsAppOpenerProvider = OpenerContext.Provider

export const useWhatsAppOpener = () => useContext(OpenerContext)
