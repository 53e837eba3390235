package cards

import (
	"runtime"

	"github.com/deck-tui/deck/session"
)

// cardBatch is how many entries a worker takes at a time: handing a card
// over alone (two channels, a worker woken) cost as much as drawing a
// small one, and a million small events are 750,000 cards.
const cardBatch = 32

// chunkBytes is how much of a batch's cards a worker draws before it
// hands them over and waits for them to be taken: the cards drawn ahead
// are a few chunks however large each card is.
const chunkBytes = 256 << 10

// drawJob is a batch of entries in the session's order; its cards come on
// done in chunks, in order, and done is closed after the last.
type drawJob struct {
	entries []session.Entry
	done    chan [][]string
}

// drawInOrder draws the entries' cards on every core and emits them in
// order; release lets each entry go once its card is emitted (the job
// holds it until then). After an error from emit the rest is drawn no
// further and only drained.
func drawInOrder(entries []session.Entry, o Options, release bool, emit func(e session.Entry, rows []string) error) error {
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan drawJob, workers)
	order := make(chan drawJob, 4*workers) // the window: batches drawn ahead
	stop := make(chan struct{})
	for range workers {
		go func() {
			for j := range jobs {
				drawBatch(j, o)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(jobs)
		for start := 0; start < len(entries); start += cardBatch {
			batch := entries[start:min(start+cardBatch, len(entries))]
			j := drawJob{entries: batch, done: make(chan [][]string, 1)}
			if release {
				j.entries = append([]session.Entry(nil), batch...)
				clear(batch)
			}
			select {
			case order <- j:
			case <-stop:
				return
			}
			jobs <- j
		}
	}()
	var err error
	for j := range order {
		next := 0
		for chunk := range j.done {
			for _, rows := range chunk {
				e := j.entries[next]
				if release {
					j.entries[next] = nil
				}
				next++
				if err != nil || len(rows) == 0 {
					continue // after an error, the rest is only drained
				}
				if err = emit(e, rows); err != nil {
					close(stop)
				}
			}
		}
	}
	return err
}

// drawBatch draws a batch's cards and sends them on its done channel a
// chunk at a time.
func drawBatch(j drawJob, o Options) {
	defer close(j.done)
	chunk := make([][]string, 0, len(j.entries))
	size := 0
	for k, e := range j.entries {
		eo := o
		if m, ok := e.(*session.UserMessage); ok && Collapsed(m) {
			eo.Expanded = false // one line says it is there
		}
		rows := render(e, eo, true)
		chunk = append(chunk, rows)
		for _, r := range rows {
			size += len(r)
		}
		if size >= chunkBytes {
			j.done <- chunk
			chunk, size = make([][]string, 0, len(j.entries)-k-1), 0
		}
	}
	if len(chunk) > 0 {
		j.done <- chunk
	}
}
