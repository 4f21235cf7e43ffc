package cli

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVersionFrom(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	const rev = "28ecffb3615183796e626537e8c14044b6c2ab15"
	for _, tc := range []struct {
		name string
		bi   debug.BuildInfo
		want versionInfo
		text string
	}{
		{
			name: "nothing known",
			bi:   debug.BuildInfo{},
			want: versionInfo{Version: "(devel)"},
			text: "(devel) (unknown revision)",
		},
		{
			name: "a checkout without VCS information",
			bi:   debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Version: "(devel)"}},
			want: versionInfo{Version: "(devel)", Go: "go1.25.1"},
			text: "(devel) (unknown revision) built with go1.25.1",
		},
		{
			name: "a checkout with changes",
			bi: debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Version: "(devel)"},
				Settings: settings("vcs", "git", "vcs.revision", rev, "vcs.time", "2025-05-01T10:00:00Z", "vcs.modified", "true")},
			want: versionInfo{Version: "(devel)", Revision: rev, Time: "2025-05-01T10:00:00Z", Modified: true, Go: "go1.25.1"},
			text: "(devel) (revision " + rev + ", 2025-05-01T10:00:00Z, modified) built with go1.25.1",
		},
		{
			name: "a release",
			bi: debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Version: "v1.2.0"},
				Settings: settings("vcs.revision", rev, "vcs.modified", "false")},
			want: versionInfo{Version: "v1.2.0", Revision: rev, Go: "go1.25.1"},
			text: "v1.2.0 (revision " + rev + ") built with go1.25.1",
		},
		{
			name: "modified without a revision",
			bi:   debug.BuildInfo{Settings: settings("vcs.modified", "true")},
			want: versionInfo{Version: "(devel)", Modified: true},
			text: "(devel) (unknown revision, modified)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := versionFrom(&tc.bi)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.text, got.String())
		})
	}
}
