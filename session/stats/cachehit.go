package stats

import (
	"math/big"
	"strings"

	"github.com/deck-tui/deck/session"
)

// CacheHit writes the share of the prompt's tokens read from cache as the
// harness's web client does: a whole percentage, halves rounded up (87%),
// but never 100% for a share short of it: a share that would round to 100
// takes the fewest decimals that show it short (99.7%, 99.97%), its last
// digit the rounded shortfall. "not recorded" when the log gave no cache
// count or no prompt token.
func (f Figures) CacheHit() string {
	read, ok1 := f.CacheReadTokens.Value()
	prompt, ok2 := f.InputTokens.Value()
	if !ok1 || !ok2 || prompt <= 0 {
		return "not recorded"
	}
	return cacheHit(whole(read), whole(prompt)) + "%"
}

// Usage is the token figures of a usage alone (input, output, total,
// cache read, reasoning, cache hit rate): what the header and the where bar
// say of a session's tokens.
func Usage(u session.TokenUsage) Figures {
	var f Figures
	f.tokens(u)
	return f
}

// whole is a token count held as a float as the exact integer it is.
func whole(v float64) *big.Int {
	n, _ := big.NewFloat(max(v, 0)).Int(nil)
	return n
}

// cacheHit is read over prompt (prompt > 0) as a percentage, in exact
// arithmetic: token counts reach where a float's rounding shows.
func cacheHit(read, prompt *big.Int) string {
	missed := new(big.Int).Sub(prompt, read)
	if missed.Sign() <= 0 {
		return "100"
	}
	twoPrompt := new(big.Int).Lsh(prompt, 1)
	// the whole percentage, halves up: ⌊(200·read + prompt) / 2·prompt⌋
	units := new(big.Int).Mul(read, big.NewInt(200))
	units.Add(units, prompt).Quo(units, twoPrompt)
	if units.Cmp(big.NewInt(100)) < 0 {
		return units.String()
	}
	// the shortfall in units of the p-th decimal is g = 100·10^p·missed/prompt:
	// the fewest places p where g rounds to 1 or more (g > ½, a half rounding
	// down), then g rounded (at most 5, as it was ½ or less a place before)
	twiceGap := new(big.Int).Mul(missed, big.NewInt(2000)) // 2·g·prompt at p = 1
	places := 1
	for twiceGap.Cmp(prompt) <= 0 {
		twiceGap.Mul(twiceGap, big.NewInt(10))
		places++
	}
	loss := int64(5)
	for l := int64(1); l < 5; l++ {
		if twiceGap.Cmp(new(big.Int).Mul(prompt, big.NewInt(2*l+1))) <= 0 {
			loss = l
			break
		}
	}
	return "99." + strings.Repeat("9", places-1) + string(rune('0'+10-loss))
}
