; A VIFlet whose jar ships a class in java.lang (java/lang/Evil) and calls
; it at its 5th packet: the loader refuses the class (SecurityException,
; Since "compile at load" (vm_prepare_class resolves everything its code
; names before the swap) the class is refused at load with that reason.
; uncaught: the VIFlet is aborted); its code never runs.
; jar: yes
; viflet: JavaLangEvilViflet
; expect-refused: ^vifd: error: --load pcap/tcp=.*: class JavaLangEvilViflet refused: .*java\.lang\.SecurityException: Prohibited package name: java\.lang
; reject-log: EVIL
.version 49
.class public java/lang/Evil
.method public static hello ()V
.limit stack 2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "EVIL java.lang code ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.end method
.class public JavaLangEvilViflet
.super vif/VIFlet
.field private n I
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public enqueue (Lvif/Packet;)V
.limit stack 3
.limit locals 2
  aload_0
  aload_1
  invokespecial vif/VIFlet enqueue (Lvif/Packet;)V
  aload_0
  dup
  getfield JavaLangEvilViflet n I
  iconst_1
  iadd
  dup_x1
  putfield JavaLangEvilViflet n I
  iconst_5
  if_icmplt Done
  invokestatic java/lang/Evil hello ()V
Done:
  return
.end method
