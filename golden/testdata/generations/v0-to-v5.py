#!/usr/bin/env python3
"""Convert a v0 (rc.8) harness session log to format v5 as the harness's migration
chain would (SPEC.md section 7; the v0->v1 ... v4->v5 READMEs), for the rules a
reader sees: header, embedded streams, dense seqs, system heads, tool results,
message sources. Usage: v0-to-v5.py session.jsonl > session.v5.jsonl"""
import hashlib, json, sys

lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
head, events = lines[0], lines[1:]

# v1->v2: isSeeded replaces seedLength (an unseeded log has no end-seed marker)
header = {k: v for k, v in head.items() if k != 'seedLength'}
header['version'], header['isSeeded'] = 5, bool(head.get('seedLength'))

out, remap, streams = [], {}, {}  # remap: v0 seq -> v5 seq

def emit(event, old_seq=None):
    if old_seq is not None:
        remap[old_seq] = len(out)
    out.append(event)

def synthetic_id(anchor):
    key = json.dumps(['session-format-v2-to-v3', head['id'], anchor['seq'], anchor['type']], separators=(',', ':'))
    return 'v2-to-v3-system-' + hashlib.sha256(key.encode()).hexdigest()

system_head, system_text, turn_step = None, '', None
for e in events:
    t, d = e['type'], e.get('data', {})
    # v1->v2: chunks and packed rows move into their message's stream
    if t == 'assistant/chunk':
        streams.setdefault((d['turn'], d['step']), []).append({'type': 'chunk', 'time': e['time'], 'chunk': d['chunk']})
        continue
    if t in ('text-chunks', 'reasoning-chunks', 'tool-call-chunks'):
        rec = {'type': t, 'time0': e['time0'], 'index': d['index'], 'dt': d['dt']}
        if t == 'tool-call-chunks':
            rec.update(id=d['id'], name=d.get('name'), args=d['args'])
        else:
            rec['texts'] = d['texts']
        streams.setdefault((d['turn'], d['step']), []).append(rec)
        continue
    e = dict(e)
    if t == 'assistant/message':
        e.pop('sourceEventSeqs', None)  # it cited the chunks
        e['data'] = dict(d, stream=streams.pop((d['turn'], d['step']), []))
    if t == 'step/start':
        turn_step = (d['turn'], d['step'])
    # v2->v3: the system prompt leaves request/header for system/message events
    if t == 'request/header':
        hd = dict(d['header'])
        text = hd.pop('system', '')
        for k, empty in (('tools', []), ('adapterDefaults', {})):
            if hd.get(k) == empty:
                hd.pop(k)
        if text != system_text:
            emit({'type': 'system/message', 'seq': None, 'time': e['time'], 'data': {
                'turn': turn_step[0], 'step': turn_step[1], 'message': {
                    'role': 'system', 'content': [{'type': 'text', 'text': text}] if text else [],
                    'source': {'kind': 'system-prompt'}, 'id': synthetic_id(e)}},
                'sourceEventSeqs': [system_head], 'surfaceOp': {'op': 'replace', 'startSeq': system_head, 'endSeq': system_head}})
            system_head, system_text = len(out) - 1, text
        e['data'] = dict(d, header=hd)
    # v3->v4: a tool result is the tool message itself
    if t == 'tool/result':
        m = d['message']
        block = m['content'][0]
        msg = {'role': 'tool', 'source': m['source'], 'toolCallId': block['toolCallId'], 'content': block['content'],
               'isError': block.get('isError', False), 'id': m['id']}
        e['data'] = dict(d, message=msg)
    # v3->v4: plugin sources become producer kinds
    if t == 'user/message' and d.get('source', {}).get('plugin') == '@deepseek-ai/dsh-system-prompt':
        src = {k: v for k, v in d['source'].items() if k != 'plugin'}
        src['kind'] = 'runtime-context'
        e['data'] = dict(d, source=src)
    if 'sourceEventSeqs' in e:
        e['sourceEventSeqs'] = [remap[s] for s in e['sourceEventSeqs']]
    if t in ('session/title', 'session/title-llm-request'):
        e['data'] = dict(e['data'], messageSeqs=[remap[s] for s in d['messageSeqs']])
    emit(e, e['seq'])
    if t == 'step/start' and system_head is None:  # the empty protected head
        emit({'type': 'system/message', 'seq': None, 'time': e['time'], 'data': {
            'turn': d['turn'], 'step': d['step'], 'message': {
                'role': 'system', 'content': [], 'source': {'kind': 'system-prompt'}, 'id': synthetic_id(e)}},
            'surfaceOp': 'append'})
        system_head = len(out) - 1

assert not streams, 'chunks with no message: ' + repr(list(streams))
print(json.dumps(header, ensure_ascii=False, separators=(',', ':')))
for seq, e in enumerate(out):
    e['seq'] = seq
    print(json.dumps(e, ensure_ascii=False, separators=(',', ':')))
