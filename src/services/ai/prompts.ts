/**
 * What the model is told. Only the user's own text (or photo) and its short context are ever sent — no name,
 * e-mail or other profile data.
 */
import type { ChatMessage } from './provider';

/** Fire-service words the model must keep as written (examples; the rule covers the vocabulary in general). */
const VOCABULARY =
  'engine, truck, ladder, quint, rescue, squad, tanker, tender, brush truck, battalion, company, shift, ' +
  'station, apparatus, SCBA, PPE, turnout gear, EMT, paramedic, ALS, BLS, hazmat, extrication, ventilation, ' +
  'overhaul, mutual aid, incident command, IC, size-up, primary search, mayday, RIT, structure fire, wildland';

export function enhancementMessages(input: {
  label: string;
  max: number;
  text: string;
  context: string | null;
}): ChatMessage[] {
  const system = [
    `You edit the ${input.label} on a firefighter's public career profile.`,
    'Rewrite the text you are given so that it reads clearly and professionally: fix spelling, grammar and',
    'punctuation, and improve flow and structure. Keep the author’s voice and point of view.',
    'Rules:',
    '- Keep every fact exactly as written: names, places, departments, units, ranks, dates, years, numbers,',
    '  counts, times and call signs stay unchanged.',
    '- Never add facts, achievements, people, numbers or details that are not in the original.',
    `- Keep the fire-service vocabulary and abbreviations as the author used them (for example: ${VOCABULARY}).`,
    `- Keep about the same length; the answer must never exceed ${input.max} characters.`,
    '- Answer with the rewritten text only: no preamble, no quotes, no notes, no markdown.',
  ].join('\n');
  const user = input.context ? `Context: ${input.context}\n\nText to rewrite:\n${input.text}` : input.text;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

export function photoAnalysisMessages(input: { dataUrl: string; context: string | null }): ChatMessage[] {
  const system = [
    'You describe photos for a firefighter’s public career profile.',
    'Answer with one JSON object and nothing else, of this shape:',
    '{"caption": string, "category": "milestone" | "action" | "training" | "ceremony", "tags": string[], "confidence": number}',
    '- caption: one factual sentence of at most 200 characters describing what is visible; do not guess names,',
    '  places or dates that cannot be seen.',
    '- category: milestone (promotions, graduations, anniversaries, retirements, group portraits), action',
    '  (firefighting, rescues, emergency scenes, apparatus at work), training (drills, classes, exercises),',
    '  ceremony (award presentations, memorials, parades, formal events).',
    '- tags: up to 10 short lowercase keywords (for example: engine, ladder, scba, drill, wildland).',
    '- confidence: how sure you are of the category, from 0 to 1.',
  ].join('\n');
  const text = input.context
    ? `Suggest a caption, category and tags for this photo. Context: ${input.context}`
    : 'Suggest a caption, category and tags for this photo.';
  return [
    { role: 'system', content: system },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        { type: 'image_url', image_url: { url: input.dataUrl } },
      ],
    },
  ];
}
