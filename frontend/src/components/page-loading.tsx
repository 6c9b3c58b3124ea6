import { Flex, Spin } from 'antd'

/** While a screen's code or data loads inside the app chrome. */
export function PageLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} role="status" aria-label="Loading">
      <Spin />
    </Flex>
  )
}
