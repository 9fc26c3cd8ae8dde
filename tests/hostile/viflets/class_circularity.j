; Class circularity: at its 5th packet, enqueue() instantiates CircA, and
; CircA extends CircB extends CircA (javac cannot write this):
; ClassCircularityError aborts the VIFlet.
; Since "compile at load" (vm_prepare_class resolves everything its code
; names before the swap) the class is refused at load with that reason.
; viflet: CircViflet
; expect-refused: ^vifd: error: --load pcap/tcp=.*: class CircViflet refused: .*java\.lang\.ClassCircularityError
; reject-log: CREATED
.version 49
.class public CircA
.super CircB
.class public CircB
.super CircA
.class public CircViflet
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
  getfield CircViflet n I
  iconst_1
  iadd
  dup_x1
  putfield CircViflet n I
  iconst_5
  if_icmplt Done
  new CircA
  pop
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "CREATED"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
Done:
  return
.end method
