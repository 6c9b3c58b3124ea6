/** The rule lives in the contract, so the dashboard's PNG poster follows it too. */
export { underBrand } from '#contract/under_brand'
