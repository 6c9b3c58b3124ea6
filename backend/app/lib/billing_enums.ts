export enum PlanType {
  Trial = 'trial',
  Monthly = 'monthly',
  SixMonth = '6-month',
  TwelveMonth = '12-month',
}

export enum SubscriptionStatus {
  Active = 'active',
  Cancelled = 'cancelled',
  Expired = 'expired',
}

export enum PaymentStatus {
  Created = 'created',
  Paid = 'paid',
  Failed = 'failed',
}
