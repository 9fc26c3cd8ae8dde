/* vifd_config.h - vifd's configuration file (--config FILE): each line is
 * turned into the equivalent command-line options, so a whole setup starts
 * from one command.  Lines ('#' starts a comment, blank lines ignored):
 *   vif PATH FILTER...        --vif PATH=FILTER
 *   load PATH FILE [OWNER]    --load PATH=FILE[:OWNER]
 *   policy PATH pass|drop     --policy PATH=...
 *   quota PATH N              --quota PATH=N
 *   budget PATH N             --budget PATH=N
 *   cpu PATH MS      --cpu PATH=MS
 *   owner PATH USER           --vif-owner PATH=USER
 *   NAME [VALUE...]           --NAME [VALUE...] (any other option, e.g.
 *                             "in pcap:x.pcap", "dir /run/vifvm", "quiet")
 * Host code. */
#ifndef VIFVM_DATAPATH_VIFD_CONFIG_H
#define VIFVM_DATAPATH_VIFD_CONFIG_H

/* Replace every "--config FILE" in argv by the options of FILE (in place of
 * the flag, so later command-line options still override earlier ones).
 * 0 and a new malloc'd argv in *out_argv / *out_argc, and (if out_where is
 * not NULL) where each word came from, "FILE:LINE" or NULL for the command
 * line, in *out_where (free both with vifd_config_free); or -1 with a
 * message in err (1024 bytes) that names the file and line. */
int vifd_config_expand(int argc, char **argv, int *out_argc, char ***out_argv,
                       char ***out_where, char *err);
void vifd_config_free(int argc, char **argv, char **where);

#endif
