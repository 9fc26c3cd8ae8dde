; A VIFlet that claims the vif package (vif/Evil, in a jar, as its
; Main-Class) to reach the package-private vif.Datapath tables, and
; declares natives: refused by the loader (SecurityException), none of its
; code runs (injected: the VIF passes packets straight through).
; mode: inject
; jar: yes
; viflet: vif/Evil
; expect-log: load of vif_evil\.jar failed: cannot load class vif/Evil: java\.lang\.SecurityException: Prohibited package name: vif
; reject-log: EVIL
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.version 49
.class public vif/Evil
.super vif/VIFlet
.method static native nanoTime ()J
.end method
.method public <init> ()V
.limit stack 2
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "EVIL vif code ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.end method
.method public enqueue (Lvif/Packet;)V
.limit stack 2
.limit locals 2
  aconst_null
  putstatic vif/Datapath held [Ljava/lang/Object;
  return
.end method
