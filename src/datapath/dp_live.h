/* dp_live.h - vifd's live mode: a bump in the wire between two interfaces
 * (`vifd --bridge A,B`).  A to B runs through the VIF tree rooted at A
 * (root VIF named A), B to A through the tree rooted at B.  Host code. */
#ifndef VIFVM_DP_LIVE_H
#define VIFVM_DP_LIVE_H

/* The whole `vifd --bridge ...` command (argv as given to main); returns
 * the exit status. */
int vifd_live_main(int argc, char **argv);

#endif
