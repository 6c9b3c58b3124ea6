/* The owner's alert texts in Bengali (বাংলা): translated from en.ts. */
import type { AlertTexts } from './en.js'

const bn: AlertTexts = {
  feedbackTemplate: 'নতুন {{1}}-স্টার প্রাইভেট রেটিং, {{2}}-এ, দিয়েছেন {{3}}: "{{4}}"',
  googleReviewTemplate: 'নতুন {{1}}-স্টার Google রিভিউ, {{2}}-এ, দিয়েছেন {{3}}: "{{4}}"',
  summaryTemplate: 'আপনার {{1}} রিপোর্ট, {{2}}: {{3}}টি রেটিং, গড় {{4}}, {{5}}টি প্রাইভেট মতামত পড়া বাকি।',
  daily: 'দৈনিক',
  weekly: 'সাপ্তাহিক',

  callBackButton: 'ফোন করুন',
  markResolvedButton: 'সমাধান হয়েছে',
  openButton: 'খুলুন',
  draftReplyButton: 'উত্তর তৈরি করুন',
  postReplyButton: 'উত্তর পোস্ট করুন',
  editInAppButton: 'অ্যাপে বদলান',

  feedbackTitle: '{{business}}-এ {{stars}}★ প্রাইভেট রেটিং',
  googleReviewTitle: '{{business}}-এর {{stars}}★ Google রিভিউ',
  dailyTitle: '{{business}}-এর দৈনিক রিপোর্ট',
  weeklyTitle: '{{business}}-এর সাপ্তাহিক রিপোর্ট',
  summaryBody: '{{ratings}}টি রেটিং, গড় {{average}}, {{toRead}}টি প্রাইভেট মতামত পড়া বাকি।',
  aCustomer: 'একজন গ্রাহক',
  askedToBeCalledBack: 'ফোন করতে বলেছেন',
  noComment: 'কোনো মন্তব্য নেই',
  aGoogleUser: 'একজন Google ব্যবহারকারী',
  noText: 'কিছু লেখেননি',

  calledBack:
    '{{name}}-কে {{phone}} নম্বরে ফোন করুন: {{tel}}\n\nঅথবা WhatsApp-এ লিখুন, তাঁর ভাষায় দুঃখপ্রকাশের মেসেজ তৈরি আছে, শুধু পাঠিয়ে দিন:\n{{waLink}}',
  theCustomer: 'গ্রাহক',
  noPhone: '{{name}} কোনো মোবাইল নম্বর দেননি, তাই ফোন করার উপায় নেই। মতামত: {{link}}',
  thisCustomer: 'এই গ্রাহক',
  resolved: '"সমাধান হয়েছে" বলে চিহ্নিত করা হলো। মতামত: {{link}}',
  suggestedReply: 'প্রস্তাবিত উত্তর:',
  changeFirst: 'অথবা আগে বদলে নিন:',
  posted: 'Google-এ পোস্ট করা হয়েছে। রিভিউ: {{link}}',
  failed: '{{reason}} কিছুই করা হয়নি।',
  notAllowed: '{{workspace}}-এ আপনার ভূমিকায় এটা করার অনুমতি নেই, তাই কিছুই করা হয়নি।',
  notOurs: 'এই বাটনটি ReviewRoute-এর কোনো অ্যালার্টের নয়, তাই কিছুই করা হয়নি।',
  otherNumber:
    'এই অ্যালার্টটি অন্য একটি WhatsApp নম্বরে পাঠানো হয়েছিল। যে সদস্যকে পাঠানো হয়েছিল, শুধু তিনিই নিজের নম্বর থেকে এতে সাড়া দিতে পারবেন।',
  gone: 'এই অ্যালার্টটি যে বিষয়ে, তা আর ReviewRoute-এ নেই, তাই কিছুই করা হয়নি।',
  noLongerMember: 'আপনি আর ReviewRoute-এ {{workspace}}-এর সদস্য নন, তাই এই অ্যালার্টে আর কিছু করা যাবে না।',
  stopped: 'এই নম্বরে WhatsApp অ্যালার্ট বন্ধ আছে। আবার চালু করতে "Profile"-এর "Notifications"-এ যান।',
  help: 'এই নম্বর থেকে আপনার ReviewRoute অ্যালার্ট আসে। কোনো অ্যালার্টে সাড়া দিতে তার বাটনে ট্যাপ করুন, অথবা অ্যাপ খুলুন: {{link}}',
  noDraft: 'পোস্ট করার মতো কোনো ড্রাফট এখনও নেই। আগে অ্যালার্টে "উত্তর তৈরি করুন" ট্যাপ করুন।',
  answeredMeanwhile: 'এর মধ্যেই এই রিভিউয়ের উত্তর দেওয়া হয়ে গেছে, তাই ড্রাফটটি পোস্ট করা হয়নি। উত্তর বদলাতে অ্যাপ খুলুন: {{link}}',
  noTemplate: 'AI ড্রাফট চালু করা নেই, আর এই রিভিউয়ের স্টারের জন্য উত্তরের কোনো টেমপ্লেটও নেই। অ্যাপে উত্তর লিখুন: {{link}}',
  alreadyCalledBack: 'ফোন করার তথ্য উপরে পাঠানো হয়েছে।',
  alreadyResolved: 'এই মতামতটি আগেই "সমাধান হয়েছে" বলে চিহ্নিত করা আছে।',
  alreadyDrafted: 'একটি ড্রাফট উপরে আগেই পাঠানো হয়েছে। তার নিচে "উত্তর পোস্ট করুন" ট্যাপ করুন, অথবা অ্যাপে বদলে নিন।',
  alreadyPosted: 'এই উত্তরটি আগেই Google-এ পোস্ট করা হয়েছে।',
}

export default bn
