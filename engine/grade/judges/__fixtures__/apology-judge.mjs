// A custom judge module: fails replies that apologise, throws on a reply that says THROW.
export default function judge(row) {
  const text = String(row.final_text ?? '');
  if (text.includes('THROW')) throw new Error('the judge module broke');
  return text.toLowerCase().includes('sorry') ? { reward: 0, reason: 'apologised', failure_class: 'tone' } : true;
}
