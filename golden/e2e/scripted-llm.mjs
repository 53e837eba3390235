// The model behind `make e2e`: a cordis plugin that registers an LLM adapter
// for the provider route "scripted" (model "scripted-model") and answers
// every request from a fixed script, so the real host runs real tools with
// no network and no model. patch.yml inserts it and makes it the default.
//
// The script is picked by words in the user's prompt (case-sensitive):
//
//   (any prompt)  step 1: a reasoning block, text, then `read` of
//                         <host cwd>/hello.txt
//                 step 2: text, then `bash` running
//                         `echo hello-from-bash && wc -c <host cwd>/hello.txt`
//                 last:   the text "All steps done."
//   ESCALATE      the bash call asks for sandbox_permissions
//                 "danger-full-access" with a justification, which makes the
//                 host ask the user for approval before running it
//   ASK           after bash, an `ask_user_question` call: one question, id
//                 "mode", "Which path?", options "Safe" and "Fast"
//   SLOW          none of the above: 400 text deltas 50 ms apart (20 s), so a
//                 client has time to cancel; the abort signal ends it at once
//
// A step is chosen by counting the tool results since the prompt, so a
// rejected approval or a cancelled question (an error result) still moves
// the script on. The session-title request gets "Scripted e2e session".
//
// The adapter is a plain object of the shape dsh-llm's LlmAdapter has
// (providerInfo, providerRetryPolicy, listModels, resolveModel, stream): the
// host does not check its class, and without the import this file can load
// from anywhere.

export const name = 'scripted-llm'
export const inject = ['llm']

const MODEL = 'scripted-model'

// Waits ms, or rejects when the request is aborted (a cancelled turn).
function pause(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => { clearTimeout(timer); reject(signal.reason) }
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve() }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

// Small pieces, so that a client sees a stream rather than one delta.
function pieces(text, size) {
  const out = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

function textBlock(index, text, kind = 'text') {
  const delta = kind === 'text' ? 'text-delta' : 'reasoning-delta'
  return [
    { type: 'block-start', index, blockType: kind },
    ...pieces(text, 6).map((piece) => ({ type: delta, index, text: piece })),
    { type: 'block-end', index, block: { type: kind, text } },
  ]
}

function toolCall(index, id, name, args) {
  const raw = JSON.stringify(args)
  return [
    { type: 'block-start', index, blockType: 'tool-call' },
    ...pieces(raw, 20).map((piece, i) => ({ type: 'tool-call-delta', index, id, ...(i === 0 ? { name } : {}), argumentsDelta: piece })),
    { type: 'block-end', index, block: { type: 'tool-call', id, name, arguments: raw } },
  ]
}

function finish(blocks) {
  const calls = blocks.some((c) => c.type === 'block-start' && c.blockType === 'tool-call')
  return [
    ...blocks,
    { type: 'usage', usage: { inputTokens: 100, outputTokens: 10 } },
    { type: 'finish', reason: { kind: calls ? 'tool-calls' : 'stop' } },
  ]
}

// The human's prompt and how many tool results followed it. The host adds
// its own user messages (the runtime context, source.kind "plugin"), so only
// source.kind "user" counts as the prompt.
function progress(messages) {
  let at = -1
  for (let i = messages.length - 1; i >= 0 && at < 0; i--) {
    if (messages[i].role === 'user' && messages[i].source?.kind === 'user') at = i
  }
  const prompt = at < 0 ? '' : (messages[at].content ?? []).filter((b) => b.type === 'text').map((b) => b.text).join('')
  const results = messages.slice(at + 1).filter((m) => m.source?.kind === 'tool').length
  return { prompt, results }
}

// The chunks of one scripted step (all but SLOW, which streams on a timer).
function step(prompt, results) {
  const file = `${process.cwd()}/hello.txt`
  const steps = [
    () => [
      ...textBlock(0, 'The user wants a file read, then a command run.', 'reasoning'),
      ...textBlock(1, 'Reading the file first.'),
      ...toolCall(2, 'call-read-1', 'read', { file_path: file }),
    ],
    () => {
      const args = { command: `echo hello-from-bash && wc -c ${file}`, description: 'Echo and count bytes' }
      if (prompt.includes('ESCALATE')) {
        args.sandbox_permissions = 'danger-full-access'
        args.justification = 'The e2e script asks for approval here.'
      }
      return [...textBlock(0, 'Now running a shell command.'), ...toolCall(1, 'call-bash-1', 'bash', args)]
    },
  ]
  if (prompt.includes('ASK')) {
    steps.push(() => [
      ...textBlock(0, 'I need one decision.'),
      ...toolCall(1, 'call-ask-1', 'ask_user_question', {
        questions: [{
          id: 'mode', header: 'Mode', question: 'Which path?',
          options: [{ label: 'Safe', description: 'guarded' }, { label: 'Fast', description: 'short' }],
        }],
      }),
    ])
  }
  const next = steps[results]
  return finish(next ? next() : textBlock(0, 'All steps done.'))
}

async function* slow(signal) {
  yield { type: 'block-start', index: 0, blockType: 'text' }
  let text = ''
  for (let i = 0; i < 400; i++) {
    await pause(50, signal)
    const piece = `tick ${i} `
    text += piece
    yield { type: 'text-delta', index: 0, text: piece }
  }
  yield { type: 'block-end', index: 0, block: { type: 'text', text } }
  yield* finish([])
}

const adapter = {
  providerInfo: (provider) => ({ id: provider, name: 'Scripted (deck e2e)' }),
  providerRetryPolicy: () => undefined,
  listModels: (provider) => Promise.resolve([{ provider, id: MODEL, name: 'Scripted Model' }]),
  resolveModel: (provider, model) => Promise.resolve({ provider, id: model, name: 'Scripted Model', context: { contextWindow: 128000 } }),
  async *stream(options) {
    const { signal } = options
    if (options.purpose === 'session-title') {
      yield* finish(textBlock(0, 'Scripted e2e session'))
      return
    }
    const { prompt, results } = progress(options.messages)
    if (prompt.includes('SLOW')) {
      yield* slow(signal)
      return
    }
    // A short pause per chunk keeps the stream cancellable and its events apart.
    for (const chunk of step(prompt, results)) {
      await pause(5, signal)
      yield chunk
    }
  },
}

export function apply(ctx) {
  ctx.llm.registerAdapter(['scripted'], adapter)
}
