/* dp_live.h - vifd's live mode: a bump in the wire between two interfaces
 * (`vifd --bridge A,B`).  A to B runs through the VIF tree rooted at A
 * (root VIF named A), B to A through the tree rooted at B.  Host code. */
#ifndef VIFVM_DP_LIVE_H
#define VIFVM_DP_LIVE_H

/* The whole `vifd --bridge ...` command (argv after --config expansion);
 * where[i] is "FILE:LINE" of argv[i] when it came from a --config file
 * (NULL, or where == NULL, for the command line): option errors name it.
 * Returns the exit status. */
int vifd_live_main(int argc, char **argv, const char *const *where);

#endif
