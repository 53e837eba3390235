package live

import (
	"context"
	"errors"
	"net/http"
)

// protocol is the protocol a host speaks, as its answers tell.
type protocol int

const (
	unknown protocol = iota
	rc8              // the rc.8 host's: session.list, events.mux and events.host, /api/respond
	v02              // the 0.2 host's: session/list, remote.mux, a launch token
)

func (p protocol) String() string {
	return [...]string{"", "rc.8", "0.2"}[p]
}

func (c *Client) known() protocol {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.proto
}

func (c *Client) settle(p protocol) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.proto == unknown {
		c.proto = p
	}
}

// either makes one call in the host's protocol. Until the host has answered,
// it is made in rc.8's, as deck always spoke; an rc.8 host answers it, or
// refuses it in its protocol. A 0.2 host answers a path of rc.8's with 401
// (it lets no one in without its cookie) or, once in, 404 (no such
// endpoint): then deck signs in with the launch token, when the host asked
// for it, and makes the call in 0.2's. A host that answers neither way is
// neither, and the first error says so.
func (c *Client) either(ctx context.Context, old, remote func() error) error {
	switch c.known() {
	case rc8:
		return old()
	case v02:
		return c.again(ctx, remote)
	}
	err := old()
	var he *HostError
	switch {
	case err == nil || errors.As(err, new(*RPCError)):
		c.settle(rc8)
		return err
	case !errors.As(err, &he) || (he.Status != http.StatusUnauthorized && he.Status != http.StatusNotFound):
		return err
	case he.Status == http.StatusUnauthorized:
		if err := c.signIn(ctx); err != nil {
			return err
		}
		return c.again(ctx, remote)
	}
	err2 := remote()
	switch {
	case err2 == nil || errors.As(err2, new(*RPCError)):
		c.settle(v02) // the host answered in 0.2's protocol
		return err2
	case unauthorized(err2):
		if err := c.signIn(ctx); err != nil {
			return err
		}
		return c.again(ctx, remote)
	}
	return err
}

// protocol is the host's protocol, asking the host (a list of its sessions)
// when it is not known yet.
func (c *Client) protocol(ctx context.Context) (protocol, error) {
	if p := c.known(); p != unknown {
		return p, nil
	}
	if _, err := c.Sessions(ctx); err != nil && !errors.As(err, new(*RPCError)) {
		return unknown, err
	}
	return c.known(), nil
}
